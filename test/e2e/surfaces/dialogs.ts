/**
 * Every dialog Brink opens, each opened by its own flow (the HTML the flow hands DialogV2) and
 * framed as v13's DialogV2 window: title, content, the flow's own buttons.
 */
import { showcaseCharacter } from "../../support/showcase";
import { dialog, openedDialog, type Surface } from "./frame";
import { targetFoes } from "./cards";

const { promptAttack, promptTest } = await import("../../../src/applications/rolls/flows");

const spearOf = (actor: Actor.Implementation) => actor.items.getName("Spear") as Item.Implementation;

export const DIALOGS: Surface[] = [
  dialog("test", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => promptTest(actor, { skill: "combat" }));
  }),
  dialog("attack", async () => {
    const actor = await showcaseCharacter();
    await targetFoes("Guard with a very long name indeed", "Guard Captain");
    return openedDialog(() => promptAttack(actor, spearOf(actor)));
  }),
];
