/**
 * The player's quick start, one click from the character sheet: a fight's turn in five steps
 * (take the turn, attack, react on the card, end the turn, rest afterwards), each naming the button
 * that does it.
 */
import { renderDialog } from "../dialog-form";

const STEPS = ["takeTurn", "attack", "react", "endTurn", "rest"] as const;

export async function showQuickStart(): Promise<void> {
  const i18n = game.i18n;
  const steps = STEPS.map((step) => ({
    title: i18n.localize(`BRINK.QuickStart.Step.${step}.title`),
    text: i18n.localize(`BRINK.QuickStart.Step.${step}.text`),
  }));
  await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.localize("BRINK.QuickStart.title") },
    content: await renderDialog("dialogs/quick-start.hbs", { steps }),
    buttons: [
      {
        action: "close",
        label: i18n.localize("BRINK.QuickStart.close"),
        icon: "fa-solid fa-check",
        default: true,
      },
    ],
    rejectClose: false,
  });
}
