import { TextInput, type TextInputProps } from "@klarwerk/kit/ui";

interface AmountInputProps extends Omit<TextInputProps, "value" | "onChange"> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A euro amount as typed: "199,90", "199.90" and "1.999,50" are all read by the kit's
 * `parseEuroInput`, so the field keeps the text and the preview shows what will be billed.
 * Focusing selects the value, so typing replaces a default such as 0.
 */
export function AmountInput({ value, onChange, ...props }: AmountInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={value}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
