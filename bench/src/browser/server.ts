/** The browser runner's static server: wirebench's (wirebench/engines), shared with `wirebench --engine`. */
export { PRESSURE_PATH, serve } from 'wirebench/engines';
