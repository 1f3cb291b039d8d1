/**
 * An opposed test from the sheet or `game.brink.opposedTest`: the asker picks the other character
 * (a targeted token, or any actor they may see) and each side's attribute and skill; the dialog
 * shows the exact chance that the asker wins (a tie goes to the defender) before anything is rolled;
 * the GM's client rolls both sides and posts the card (workflows/opposed).
 */
import { BrinkActor } from "../../documents/actor";
import { testSpecFor } from "../../documents/actor-rolls";
import { ownRollMode, type RollMode } from "../../chat/post";
import { isRefusal } from "../../requests";
import {
  ATTRIBUTES,
  DEFAULT_SKILL_ATTRIBUTE,
  SKILLS,
  type Attribute,
  type Skill,
} from "../../rules/characters";
import { opposedWinChance } from "../../rules/odds";
import { preference } from "../../settings";
import { choiceOf, requestOpposedTest, type OpposedChoice } from "../../workflows/opposed";
import { followForm, formObject, isTicked, renderDialog, warn, wholeNumber } from "../dialog-form";
import { MAX_ADVANTAGE } from "../../rules/tests";
import { targetedTokens, type RollRequest } from "./flows";
import { skipsDialog } from "./fast-forward";
import { advantageOptions, readRollMode, rollModeOptions } from "./roll-choices";

interface Opponent {
  uuid: string;
  name: string;
  actor: BrinkActor;
}

/** The user's targeted tokens first, then every other actor the user may see. */
function opponents(actor: BrinkActor): Opponent[] {
  const targeted = targetedTokens()
    .filter((token) => token.actor !== actor)
    .map(({ uuid, name, actor: other }) => ({ uuid, name, actor: other }));
  const seen = new Set(targeted.map((entry) => entry.actor));
  const others = game.actors.contents.flatMap((other) =>
    other instanceof BrinkActor &&
    other !== actor &&
    !seen.has(other) &&
    (game.user.isGM || other.testUserPermission(game.user, "LIMITED"))
      ? [{ uuid: other.uuid, name: other.name, actor: other }]
      : [],
  );
  return [...targeted, ...others];
}

const isAttribute = (value: unknown): value is Attribute =>
  (ATTRIBUTES as readonly unknown[]).includes(value);
const isSkill = (value: unknown): value is Skill => (SKILLS as readonly unknown[]).includes(value);

function readSide(
  form: Record<string, unknown>,
  keys: { attribute: string; skill: string; proficient: string; advantage: string },
  fallback: OpposedChoice,
): OpposedChoice {
  const attribute = form[keys.attribute];
  const skill = form[keys.skill];
  const advantage = wholeNumber(form[keys.advantage], fallback.advantage);
  return {
    attribute: isAttribute(attribute) ? attribute : fallback.attribute,
    skill: isSkill(skill) ? skill : skill === "" ? null : fallback.skill,
    proficient: isTicked(form[keys.proficient]),
    advantage: Math.max(-MAX_ADVANTAGE, Math.min(MAX_ADVANTAGE, advantage)),
  };
}

interface OpposedForm {
  defender: Opponent;
  attacker: OpposedChoice;
  defenderChoice: OpposedChoice;
}

function readForm(form: Record<string, unknown>, list: Opponent[], start: OpposedForm): OpposedForm {
  return {
    defender: list.find((entry) => entry.uuid === form.defender) ?? start.defender,
    attacker: readSide(
      form,
      { attribute: "attribute", skill: "skill", proficient: "proficient", advantage: "advantage" },
      start.attacker,
    ),
    defenderChoice: readSide(
      form,
      {
        attribute: "defenderAttribute",
        skill: "defenderSkill",
        proficient: "defenderProficient",
        advantage: "defenderAdvantage",
      },
      start.defenderChoice,
    ),
  };
}

/** "Chance Petra wins: 41.2% (a tie goes to Goblin)". */
function chanceText(actor: BrinkActor, form: OpposedForm): string {
  const chance = opposedWinChance(
    testSpecFor(actor.rolling, choiceOf(form.attacker)),
    testSpecFor(form.defender.actor.rolling, choiceOf(form.defenderChoice)),
  );
  return game.i18n.format("BRINK.Opposed.chance", {
    name: actor.name,
    chance: `${Math.round(chance.value * 1000) / 10}%`,
    defender: form.defender.name,
  });
}

function sideOptions(choice: OpposedChoice) {
  return {
    proficient: choice.proficient,
    advantages: advantageOptions(choice.advantage),
    attributes: ATTRIBUTES.map((key) => ({
      value: key,
      label: game.i18n.localize(`BRINK.Attribute.${key}.label`),
      selected: key === choice.attribute,
    })),
    skills: [
      { value: "", label: game.i18n.localize("BRINK.Roll.noSkill"), selected: choice.skill === null },
      ...SKILLS.map((key) => ({
        value: key,
        label: game.i18n.localize(`BRINK.Skill.${key}`),
        selected: key === choice.skill,
      })),
    ],
  };
}

const sideFrom = (preset: { attribute?: Attribute; skill?: Skill }, fallback: Attribute): OpposedChoice => ({
  attribute: preset.attribute ?? (preset.skill ? DEFAULT_SKILL_ATTRIBUTE[preset.skill] : fallback),
  skill: preset.skill ?? null,
  proficient: false,
  advantage: 0,
});

export interface OpposedPreset {
  attribute?: Attribute;
  skill?: Skill;
  defenderAttribute?: Attribute;
  defenderSkill?: Skill;
}

/** The opposed dialog's answer: both sides' choices and who may read the card. */
interface OpposedAnswer {
  form: OpposedForm;
  rollMode: RollMode;
}

/** The opposed test dialog, or null when closed. */
async function askOpposed(
  actor: BrinkActor,
  list: Opponent[],
  start: OpposedForm,
): Promise<OpposedAnswer | null> {
  const showOdds = preference("showExactOdds");
  const mode = ownRollMode();
  const content = await renderDialog("dialogs/opposed.hbs", {
    opponents: list.map(({ uuid, name }) => ({
      value: uuid,
      label: name,
      selected: uuid === start.defender.uuid,
    })),
    attacker: sideOptions(start.attacker),
    defender: sideOptions(start.defenderChoice),
    rollModes: rollModeOptions(mode),
    name: actor.name,
    showOdds,
    chance: showOdds ? chanceText(actor, start) : "",
  });
  const read = (form: Record<string, unknown>): OpposedAnswer => ({
    form: readForm(form, list, start),
    rollMode: readRollMode(form, mode),
  });
  const picked: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Opposed.title", { name: actor.name }) },
    content,
    buttons: [
      {
        action: "roll",
        label: "BRINK.Roll.roll",
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event, button) => read(formObject(button.form)),
      },
    ],
    render: (_event, dialog) => {
      const output = dialog.element.querySelector("[data-chance]");
      followForm(dialog.element.querySelector("form"), (form) => {
        if (output) output.textContent = chanceText(actor, readForm(form, list, start));
      });
    },
    rejectClose: false,
  });
  // The button's callback returns an OpposedAnswer; a closed dialog gives null.
  return picked && typeof picked === "object" ? (picked as OpposedAnswer) : null;
}

/**
 * Opens the opposed test dialog for one of the user's characters (or skips it, taking the first
 * opponent and the preset sides), then asks the GM's client to roll.
 */
export async function promptOpposedTest(
  actor: BrinkActor,
  preset: OpposedPreset = {},
  request: RollRequest = {},
): Promise<void> {
  if (!actor.isOwner) return warn("BRINK.Roll.notOwner");
  const list = opponents(actor);
  const first = list[0];
  if (!first) return warn("BRINK.Opposed.noOpponent");
  const start: OpposedForm = {
    defender: first,
    attacker: sideFrom({ attribute: preset.attribute, skill: preset.skill }, "str"),
    defenderChoice: sideFrom({ attribute: preset.defenderAttribute, skill: preset.defenderSkill }, "str"),
  };
  const answer = skipsDialog(request.event)
    ? { form: start, rollMode: ownRollMode() }
    : await askOpposed(actor, list, start);
  if (!answer) return;
  const { form: choice, rollMode } = answer;
  const result = await requestOpposedTest({
    actorUuid: actor.uuid,
    defenderUuid: choice.defender.uuid,
    attacker: choice.attacker,
    defender: choice.defenderChoice,
    rollMode,
  });
  // A refusal is shown to the asker by the request itself.
  void isRefusal(result);
}
