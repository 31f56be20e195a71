/**
 * The sending screens' German words on the cards (the button, the history); the dialog's are in
 * dialog-messages.ts and the template editor's in template-messages.ts, so they load with them
 * (the lists stay within their 40 KB). The rules' messages are the kit's `sendingMessages`.
 */
export const sendingUiMessages = {
  send: "Per E-Mail senden",
  history: "Versand",
  waiting: "wartet auf den Versand",
  failed: "fehlgeschlagen",
  by: (name: string) => `von ${name}`,
} as const;
