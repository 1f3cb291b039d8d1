/**
 * Recovery cards written by Brink 0.1.0 and earlier kept their record in flags and their buttons in
 * their stored content. They still render as they were written, but as displays only: their buttons
 * (`data-recovery-action`) are taken off, since nothing acts on a flag record any more (CHANGELOG).
 */
export function stripLegacyRecoveryButtons(html: HTMLElement): void {
  for (const button of html.querySelectorAll("[data-recovery-action]")) button.remove();
}

export function registerLegacyRecoveryCards(): void {
  Hooks.on("renderChatMessageHTML", (_message, html) => stripLegacyRecoveryButtons(html));
}
