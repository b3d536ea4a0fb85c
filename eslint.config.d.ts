/** The types of eslint.config.js's exports, for the test that checks its layer zones (server/src/layerZones.test.ts). */
export interface LayerZone {
  files: string[];
  layers: string[];
  message: string;
}
export declare const layerZones: LayerZone[];
export declare const routeWrites: { files: string[]; selector: string; message: string };
declare const config: unknown[];
export default config;
