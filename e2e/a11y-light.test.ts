import { checkAccessibility } from './a11y.js';

checkAccessibility('light');
