// Entry point: filled in as this part of the package is built.
export {};
