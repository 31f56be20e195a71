// Styles of the layout belong to the entry, so index.html links them and a prerendered page has
// them inline: the page is styled before any script runs.
import "@klarwerk/kit/theme.css";
import "./components/layout.css";
import "./components/forms.css";
import "./components/RemoteRoute.css";
import "./consent/consent.css";

// No async boundary is needed: the shell shares its modules through the federation runtime's API
// (federation/runtime.ts), so nothing is negotiated before the bootstrap runs. The two imports
// below are in the page's first scripts ("eager": no chunk of their own); evaluated one after the
// other with a pause between, React's start-up and the app's are two tasks instead of one long
// one on a slow phone.
void import(/* webpackMode: "eager" */ "react-dom/client")
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import(/* webpackMode: "eager" */ "./bootstrap"));
