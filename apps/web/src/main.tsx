import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';
import { initTheme } from './theme/theme';
import './styles/global.css';

initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The dictionary is a separate chunk; render once it is in, so no key ever flashes on screen.
await initI18n();
createRoot(container).render(<App />);
