/** Set by infra/build for each build; the same in the browser and the server bundle. */
declare const __DEALS_BUILD_ID__: string;
