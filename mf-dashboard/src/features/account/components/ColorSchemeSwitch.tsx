import { Button, Group, type MantineColorScheme, useMantineColorScheme } from "@klarwerk/kit/ui";
import { accountMessages as messages } from "../messages";

const choices: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: messages.schemeLight },
  { value: "dark", label: messages.schemeDark },
  { value: "auto", label: messages.schemeAuto },
];

/**
 * "Hell", "Dunkel" or "System": three toggle buttons (the pressed one is the choice) rather than
 * a segmented control, which would add a component to the Mantine every portal screen loads.
 * The portal's color-scheme manager keeps the choice in this browser.
 */
export function ColorSchemeSwitch({ labelledBy }: { labelledBy: string }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Group gap="xs" role="group" aria-labelledby={labelledBy}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          variant={colorScheme === choice.value ? "filled" : "default"}
          aria-pressed={colorScheme === choice.value}
          onClick={() => setColorScheme(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
