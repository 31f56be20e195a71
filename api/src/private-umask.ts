// Imported first by every entry point (the API and each command), before any other module runs:
// whatever the process and its workers create from then on is its owner's only.
import { restrictNewFiles } from "./lib/private-files.ts";

restrictNewFiles();
