import "@klarwerk/kit/theme.css";
import { renderStandalone } from "@klarwerk/kit/standalone";
import About from "./routes/About";
import Contact from "./routes/Contact";
import Datenschutz from "./routes/Datenschutz";
import Home from "./routes/Home";
import Impressum from "./routes/Impressum";
import Services from "./routes/Services";

renderStandalone({
  name: "mf_marketing",
  screens: [
    { path: "/", label: "Home", element: <Home /> },
    { path: "/about", label: "Über uns", element: <About /> },
    { path: "/services", label: "Leistungen", element: <Services /> },
    { path: "/contact", label: "Kontakt", element: <Contact /> },
    { path: "/impressum", label: "Impressum", element: <Impressum /> },
    { path: "/datenschutz", label: "Datenschutz", element: <Datenschutz /> },
  ],
});
