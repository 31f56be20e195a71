/**
 * The portal's Mantine: exactly the components, hooks and helpers the shell and the remotes use,
 * and the only module that imports Mantine (a Biome rule keeps every other file on this entry).
 *
 * Why an entry of our own instead of sharing the Mantine packages: a shared package is built
 * whole, since any remote might use any of its exports (@mantine/core alone was 136 KB of brotli
 * on the first visit of /dashboard). This list is what the portal uses, so the build keeps only
 * that; it is built once, by the shell, and shared as a federation singleton
 * (`@klarwerk/kit/ui`), so every screen renders with the one Mantine instance whose
 * `MantineProvider` (`@klarwerk/kit/portal`) holds the theme. Its export names and the major
 * versions of the Mantine packages are part of the kit's surface version (surface.ts): a remote
 * built against a list with another name in it fails to load with the German fallback instead of
 * crashing. A screen that needs another component adds it here, and the shell is deployed with it.
 */
export type {
  CSSVariablesResolver,
  MantineColorScheme,
  MantineColorsTuple,
  NumberInputProps,
  TextInputProps,
} from "@mantine/core";
export {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Code,
  createTheme,
  DataList,
  Divider,
  FileButton,
  Grid,
  Group,
  List,
  Loader,
  localStorageColorSchemeManager,
  MantineProvider,
  Modal,
  NativeSelect,
  NumberInput,
  Pagination,
  Paper,
  SimpleGrid,
  Spoiler,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from "@mantine/core";
export { useDebouncedValue, useDisclosure } from "@mantine/hooks";
export { ModalsProvider, modals } from "@mantine/modals";
