// Styles of the layout belong to the entry, so index.html links them and a prerendered page has
// them inline: the page is styled before any script runs.
import "@klarwerk/kit/theme.css";
import "./components/layout.css";
import "./components/RemoteRoute.css";
import "./consent/consent.css";

// The async boundary Module Federation needs: shared modules are negotiated before bootstrap runs.
import("./bootstrap");
