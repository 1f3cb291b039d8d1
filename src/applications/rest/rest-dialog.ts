/**
 * RULES §8 from the sheet and for the party: the Rest dialog (short rest spending hit dice, safe
 * and unsafe long rests, a week of bed rest; "slept in armour" under the dying rule) and the GM's
 * party rest. The active GM's client runs the rest and posts what changed (workflows/rest).
 */
import type { RequestResult } from "../../requests";
import type { RestKind } from "../../rules/rest";
import { optionalRules } from "../../settings";
import {
  REST_KINDS,
  isRestKind,
  requestRest,
  restKindLabel,
  wearsHeavyArmour,
  type RestEntry,
} from "../../workflows/rest";
import { recoveryData } from "../../workflows/retreat";
import { askWithForm, isTicked, renderDialog, warn, wholeNumber } from "../dialog-form";

const KIND_HINTS: Record<RestKind, string> = {
  short: "BRINK.Rest.Hint.short",
  "long-safe": "BRINK.Rest.Hint.longSafe",
  "long-unsafe": "BRINK.Rest.Hint.longUnsafe",
  "bed-rest": "BRINK.Rest.Hint.bedRest",
};

/** The dialog's content: the four rests, and per character its hit dice and armour. */
export function restDialogView(actors: readonly Actor.Implementation[], party: boolean) {
  const s2 = optionalRules().deathRule === "dying";
  return {
    party,
    s2,
    kinds: REST_KINDS.map((kind) => ({
      value: kind,
      label: restKindLabel(kind),
      hint: game.i18n.localize(KIND_HINTS[kind]),
      checked: kind === "long-safe",
    })),
    characters: actors.map((actor, index) => {
      const { hitDice } = recoveryData(actor);
      return {
        index,
        name: actor.name,
        img: actor.img ?? "icons/svg/mystery-man.svg",
        ticked: true,
        hitDice: hitDice.value,
        spend: Math.min(1, hitDice.value),
        hitDiceHint: game.i18n.format("BRINK.Rest.hitDiceHint", {
          value: String(hitDice.value),
          max: String(hitDice.max),
          die: String(hitDice.die),
        }),
        armour: wearsHeavyArmour(actor),
      };
    }),
  };
}

async function askRest(actors: readonly Actor.Implementation[], party: boolean) {
  const s2 = optionalRules().deathRule === "dying";
  return askWithForm<{ kind: RestKind; entries: RestEntry[] }>({
    title: game.i18n.localize(party ? "BRINK.Rest.partyTitle" : "BRINK.Rest.title"),
    content: await renderDialog("dialogs/rest.hbs", restDialogView(actors, party)),
    label: "BRINK.Rest.confirm",
    icon: "fa-solid fa-campground",
    read: (form) => ({
      kind: isRestKind(form.kind) ? form.kind : "long-safe",
      entries: actors.flatMap((actor, index) =>
        party && !isTicked(form[`member-${index}`])
          ? []
          : [
              {
                actorUuid: actor.uuid,
                hitDice: Math.max(0, wholeNumber(form[`hitDice-${index}`], 0)),
                sleptInArmour: s2 && isTicked(form[`armour-${index}`]),
              },
            ],
      ),
    }),
  });
}

/** The sheet's Rest button. */
export async function promptRest(actor: Actor.Implementation): Promise<RequestResult | null> {
  if (!actor.isOwner) {
    warn("BRINK.Rest.Refusal.notOwner", { name: actor.name });
    return null;
  }
  const choice = await askRest([actor], false);
  return choice ? requestRest(choice.kind, choice.entries) : null;
}

/** The player characters: characters some player owns. */
export function partyCharacters(): Actor.Implementation[] {
  return game.actors.filter(
    (actor) =>
      actor.type === "character" &&
      Object.entries(actor.ownership).some(
        ([userId, level]) =>
          userId !== "default" &&
          level >= CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER &&
          game.users.get(userId)?.isGM === false,
      ),
  );
}

/** `game.brink.partyRest()`: the GM rests the whole party at once; one card for everyone. */
export async function partyRest(): Promise<RequestResult | null> {
  if (!game.user.isGM) {
    warn("BRINK.Rest.Refusal.gmOnly");
    return null;
  }
  const actors = partyCharacters();
  if (actors.length === 0) {
    warn("BRINK.Rest.Refusal.noParty");
    return null;
  }
  const choice = await askRest(actors, true);
  if (!choice) return null;
  if (choice.entries.length === 0) {
    warn("BRINK.Rest.Refusal.nobody");
    return null;
  }
  return requestRest(choice.kind, choice.entries);
}
