// js-yaml is installed without its type declarations: the two functions these checks use.
declare module 'js-yaml' {
  export function load(text: string): unknown;
  export function loadAll(text: string): unknown[];
}
