import { NumberInput, type NumberInputProps } from "@klarwerk/kit/ui";

/**
 * A number field as German users type it: the decimal comma shows as "," and both "," and "."
 * type it ("1,5"); no negative numbers; out-of-range values are clamped when the field is left.
 * Focusing selects the value, so typing replaces a default such as the price's 0.
 */
export function DecimalInput(props: NumberInputProps) {
  return <NumberInput decimalSeparator="," allowNegative={false} clampBehavior="blur" selectAllOnFocus {...props} />;
}
