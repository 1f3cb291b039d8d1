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
import type { PartyRestRecord } from "../../data";
import { BrinkActor } from "../../documents/actor";
import { partyCharacters, requestPartyRestConfirm, requestPartyRestStart } from "../../workflows/party-rest";
import { askWithForm, isTicked, renderDialog, warn, wholeNumber } from "../dialog-form";

const KIND_HINTS: Record<RestKind, string> = {
  short: "BRINK.Rest.Hint.short",
  "long-safe": "BRINK.Rest.Hint.longSafe",
  "long-unsafe": "BRINK.Rest.Hint.longUnsafe",
  "bed-rest": "BRINK.Rest.Hint.bedRest",
};

/**
 * How the dialog is used: a character's own rest; the GM starting a party rest (the rest and who
 * takes part, each player choosing the rest); a player's choices for a party rest already chosen.
 */
export type RestDialogMode = "own" | "party" | "choices";

/** The dialog's content: the four rests, and per character its hit dice and armour. */
export function restDialogView(
  actors: readonly Actor.Implementation[],
  mode: RestDialogMode,
  fixedKind: RestKind | null = null,
) {
  const s2 = optionalRules().deathRule === "dying";
  return {
    party: mode === "party",
    choices: mode !== "party",
    // Only a short rest spends hit dice; a party rest's players see the box only then.
    hitDiceChoice: mode === "own" || fixedKind === "short",
    s2,
    fixedKind: fixedKind && restKindLabel(fixedKind),
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

async function askRest(
  actors: readonly Actor.Implementation[],
  mode: RestDialogMode,
  fixedKind: RestKind | null,
) {
  const s2 = optionalRules().deathRule === "dying";
  return askWithForm<{ kind: RestKind; entries: RestEntry[] }>({
    title: game.i18n.localize(mode === "own" ? "BRINK.Rest.title" : "BRINK.Rest.partyTitle"),
    content: await renderDialog("dialogs/rest.hbs", restDialogView(actors, mode, fixedKind)),
    label: mode === "choices" ? "BRINK.PartyRest.confirm" : "BRINK.Rest.confirm",
    icon: "fa-solid fa-campground",
    read: (form) => ({
      kind: fixedKind ?? (isRestKind(form.kind) ? form.kind : "long-safe"),
      entries: actors.flatMap((actor, index) =>
        mode === "party" && !isTicked(form[`member-${index}`])
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
  const choice = await askRest([actor], "own", null);
  return choice ? requestRest(choice.kind, choice.entries) : null;
}

/**
 * `game.brink.partyRest()` and the tracker's Party rest button: the GM picks the rest and who takes
 * part; the GM's client posts the party rest's card and each player confirms their own choices.
 */
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
  if ([...game.combats].some((combat) => combat.started)) {
    warn("BRINK.PartyRest.Refusal.combat");
    return null;
  }
  const choice = await askRest(actors, "party", null);
  if (!choice) return null;
  if (choice.entries.length === 0) {
    warn("BRINK.Rest.Refusal.nobody");
    return null;
  }
  return requestPartyRestStart(
    choice.kind,
    choice.entries.map((entry) => entry.actorUuid),
  );
}

/** The party rest's characters this user owns and has not confirmed yet. */
function ownUnconfirmed(record: PartyRestRecord): Actor.Implementation[] {
  return record.members.flatMap((member) => {
    if (member.confirmed) return [];
    const actor: unknown = fromUuidSync(member.actorUuid);
    return actor instanceof BrinkActor && actor.isOwner ? [actor] : [];
  });
}

/** The prompt for this user's choices on a party rest card (its Choose button, or when it is posted). */
export async function choosePartyRest(message: ChatMessage.Implementation): Promise<RequestResult | null> {
  const record = (message.system as { record?: PartyRestRecord }).record;
  if (message.type !== "partyRest" || !record || record.status !== "gathering") return null;
  const actors = ownUnconfirmed(record);
  if (actors.length === 0) return null;
  const choice = await askRest(actors, "choices", record.kind);
  return choice ? requestPartyRestConfirm(message.id ?? "", choice.entries) : null;
}
