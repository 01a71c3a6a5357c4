export const PORTS = { main: 18480, deadCatalog: 18481 } as const;
