import { createRoot } from 'react-dom/client';
import { ConsoleApp, type SignedIn } from './console-app.tsx';
import './console.css';

// The server embeds the signed-in operator (name, role, CSRF token, menu) when the cookie's
// session is live, so the console opens without a call that would answer 401 to a newcomer.
const embedded = document.getElementById('console-operator')?.textContent;
const operator = embedded ? (JSON.parse(embedded) as SignedIn) : null;

createRoot(document.getElementById('root')!).render(<ConsoleApp initial={operator} />);
