/** The party of a combat: the members who can retreat together. */

const FRIENDLY = 1;

export interface PartyMember {
  actor: Actor.Implementation;
  name: string;
  img: string;
}

function dispositionOf(combatant: Combatant.Implementation): number {
  return combatant.token?.disposition ?? combatant.actor?.prototypeToken?.disposition ?? 0;
}

export function groupIdOf(combatant: Combatant.Implementation): string | null {
  const group: unknown = combatant.group;
  if (typeof group === "string") return group || null;
  return typeof group === "object" && group !== null && "id" in group && typeof group.id === "string"
    ? group.id
    : null;
}

/**
 * The party team: the team made for friendly tokens (or named as the party), else every combatant
 * with a friendly token. Each actor once.
 */
export function partyMembers(combat: Combat.Implementation): PartyMember[] {
  const partyName = game.i18n.localize("BRINK.Combat.Team.party");
  const party = [...combat.groups].find(
    (group) =>
      foundry.utils.getProperty(group, "system.disposition") === FRIENDLY || group.name === partyName,
  );
  const combatants = [...combat.combatants].filter((combatant) =>
    party ? groupIdOf(combatant) === party.id : dispositionOf(combatant) === FRIENDLY,
  );
  const members = new Map<string, PartyMember>();
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (!actor || members.has(actor.uuid)) continue;
    members.set(actor.uuid, {
      actor,
      name: combatant.name ?? actor.name,
      img: combatant.img ?? actor.img ?? "icons/svg/mystery-man.svg",
    });
  }
  return [...members.values()];
}
