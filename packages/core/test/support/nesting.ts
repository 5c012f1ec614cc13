/** `levels` arrays nested around a 1: `[[1]]` is 2 levels. */
export const deepArray = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** `levels` objects nested around a 1: `{ a: { a: 1 } }` is 2 levels. */
export const deepObject = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** `levels` levels around a 1, each an array or an object (`{ k: … }`) as `shape`'s bits say (bit i % 31 for level i). */
export const deepMixed = (levels: number, shape: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = (shape >> (i % 31)) & 1 ? { k: value } : [value];
  return value;
};
