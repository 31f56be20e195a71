export * from "./api";
export * from "./auth";
export * from "./messages";
export * from "./rules";
export * from "./session";
export * from "./site";
