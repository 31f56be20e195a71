// Style sheets imported for their side effect (the bundler handles them); for `tsc -p packages/kit`,
// which type-checks with bun-types rather than Rsbuild's client types.
declare module "*.css";
