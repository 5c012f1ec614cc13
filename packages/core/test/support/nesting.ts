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
