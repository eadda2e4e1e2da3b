import { takeDownAtFileEnd } from './file-end.js';

// every server test file takes down what its helpers set up (test/file-end.ts)
takeDownAtFileEnd();
