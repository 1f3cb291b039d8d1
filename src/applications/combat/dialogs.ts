import { templatePath } from "../../constants";
import type { BeginChoices, BrinkCombat } from "../../documents/combat";
import type { BrinkCombatant } from "../../documents/combatant";
import type { BrinkCombatantGroup } from "../../documents/combatant-group";

/**
 * The small forms the tracker opens: Begin combat (which team started, which have surprise), a
 * team's name and colour, and where a delaying combatant moves to.
 */

interface FormDialog<T> {
  title: string;
  template: string;
  data: Record<string, unknown>;
  submit: string;
  read: (values: Record<string, unknown>) => T;
}

/** The form's values, flat ("surprise.<id>": true), whichever shape FormDataExtended hands back. */
function formValues(form: HTMLFormElement | null | undefined): Record<string, unknown> {
  if (!form) return {};
  const values: object = new foundry.applications.ux.FormDataExtended(form).object;
  return Object.fromEntries(Object.entries(foundry.utils.flattenObject(values)));
}

async function askForm<T>({ title, template, data, submit, read }: FormDialog<T>): Promise<T | null> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath(template), data);
  let chosen: T | null = null;
  await foundry.applications.api.DialogV2.wait({
    window: { title },
    content,
    rejectClose: false,
    buttons: [
      {
        action: "submit",
        label: submit,
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          chosen = read(formValues(button.form));
        },
      },
      { action: "cancel", label: "BRINK.Combat.Dialog.cancel" },
    ],
  });
  return chosen;
}

const text = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};

/** What the Begin combat form says, kept only where it names a team of this combat. */
export function beginChoicesFrom(
  values: { startingTeam: string; attackedTeam: string; surprising: readonly string[] },
  teamIds: readonly string[],
): BeginChoices {
  const known = (id: string) => teamIds.includes(id);
  const choices: BeginChoices = { surprisingTeams: values.surprising.filter(known) };
  if (known(values.startingTeam)) choices.startingTeam = values.startingTeam;
  if (known(values.attackedTeam) && values.attackedTeam !== values.startingTeam) {
    choices.attackedTeam = values.attackedTeam;
  }
  return choices;
}

export function askBeginChoices(combat: BrinkCombat): Promise<BeginChoices | null> {
  const teams = combat.teams.map((team) => ({ id: team.id ?? "", name: team.name ?? "" }));
  const teamChoices = Object.fromEntries(teams.map((team) => [team.id, team.name]));
  const gmOrder = game.i18n.localize("BRINK.Combat.Begin.gmOrder");
  return askForm({
    title: "BRINK.Combat.Begin.title",
    template: "combat/begin-combat.hbs",
    data: {
      teams,
      teamChoices,
      attackedChoices: { "": gmOrder, ...teamChoices },
      startingTeam: teams[0]?.id,
    },
    submit: "BRINK.Combat.Tracker.begin",
    read: (values) =>
      beginChoicesFrom(
        {
          startingTeam: text(values, "startingTeam"),
          attackedTeam: text(values, "attackedTeam"),
          surprising: teams.filter((team) => values[`surprise.${team.id}`] === true).map((team) => team.id),
        },
        teams.map((team) => team.id),
      ),
  });
}

export function askTeamChanges(team: BrinkCombatantGroup): Promise<{ name: string; color: string } | null> {
  return askForm({
    title: "BRINK.Combat.Team.edit",
    template: "combat/team.hbs",
    data: { name: team.name, color: team.color },
    submit: "BRINK.Combat.Dialog.save",
    read: (values) => ({ name: text(values, "name"), color: text(values, "color") }),
  });
}

/** S1 delay: the combatant acts right after someone who sits later in the order. */
export function askDelayAfter(combat: BrinkCombat, combatant: BrinkCombatant): Promise<string | null> {
  const sequence = combat.turnState.sequence;
  const place = sequence.findIndex((group) => group.includes(combatant.id ?? ""));
  const later = sequence.slice(place + 1).flat();
  const choices = Object.fromEntries(later.map((id) => [id, combat.combatants.get(id)?.name ?? id]));
  return askForm({
    title: "BRINK.Combat.Delay.title",
    template: "combat/delay.hbs",
    data: { choices },
    submit: "BRINK.Combat.Tracker.delay",
    read: (values) => text(values, "afterId") || null,
  });
}
