// Python's `==` on two values `json.loads` gave: dicts equal whatever their key order, lists item by item, numbers by
// value (1 == 1.0), and a bool equal to the number it is in Python (True == 1, False == 0). Pure.

function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return undefined;
}

export function pythonJsonEqual(left: unknown, right: unknown): boolean {
  const leftNumber = asNumber(left);
  const rightNumber = asNumber(right);
  if (leftNumber !== undefined || rightNumber !== undefined) return leftNumber === rightNumber;
  if (left === null || right === null) return left === right;
  if (typeof left === "string" || typeof right === "string") return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => pythonJsonEqual(item, right[index]));
  }
  if (typeof left === "object" && typeof right === "object") {
    const leftKeys = Object.keys(left as object);
    const rightRecord = right as Record<string, unknown>;
    if (leftKeys.length !== Object.keys(rightRecord).length) return false;
    return leftKeys.every(
      (key) =>
        Object.hasOwn(rightRecord, key) &&
        pythonJsonEqual((left as Record<string, unknown>)[key], rightRecord[key]),
    );
  }
  return false;
}
