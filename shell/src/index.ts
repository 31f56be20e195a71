// Styles of the layout belong to the entry, so index.html links them and a prerendered page has
// them inline: the page is styled before any script runs.
import "@klarwerk/kit/theme.css";
import "./components/layout.css";
import "./components/forms.css";
import "./toasts/toasts.css";
import "./components/RemoteRoute.css";
import "./consent/consent.css";

// No async boundary: the shell shares its modules through the federation runtime's API
// (federation/runtime.ts), so nothing needs negotiating before the bootstrap runs.
import "./bootstrap";
