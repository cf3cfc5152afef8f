/** The public pages' script's address (vite.config.ts, `publicIsland`): hashed in a build, the source file in development. */
declare module "virtual:public-island" {
  const src: string;
  export default src;
}
