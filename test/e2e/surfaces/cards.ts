/**
 * Every chat card a user meets, each posted by Brink's own workflow (a roll, an applied attack, a
 * rest...) and drawn as the chat log draws it for the GM, in the 300 px chat column. Where a card
 * changes its look after a button is used (applied, reverted), that state is a surface too.
 */
import { FakeScene } from "../../fake-foundry/combat";
import { queueDice } from "../../fake-foundry/dice";
import { session, settings } from "../../fake-foundry/install";
import { asUser } from "../../fake-foundry/runtime";
import { answerDialog, placeToken } from "../../fake-foundry/ui";
import { DISPOSITIONS, player, setUpFight } from "../../foundry/combat-fixtures";
import { onCard } from "../../support/cards";
import { showcaseCharacter } from "../../support/showcase";
import type { BrinkActor } from "../../../src/documents/actor";
import { card, lastCard, messageContent, type Surface } from "./frame";

const { promptAttack, promptTest } = await import("../../../src/applications/rolls/flows");
const { promptOpposedTest } = await import("../../../src/applications/rolls/opposed-flow");
const { promptHeal, promptStabilise, deathSave } = await import("../../../src/applications/rolls/life-flows");
const { requestCardAction } = await import("../../../src/workflows/damage");
const { rollHealing } = await import("../../../src/workflows/healing-roll");
const { lifeAction } = await import("../../../src/workflows/life");
const { promptRest, partyRest, partyRestPromptsSettled } = await import("../../../src/applications/rest");
const { emergencyRetreat } = await import("../../../src/applications/retreat/retreat-dialog");
const { moraleCheck, retreatAction } = await import("../../../src/applications/retreat/combat-actions");
const { askForRetreat, requestRetreat, requestReunite } = await import("../../../src/workflows/retreat");
const { requestSmallAction } = await import("../../../src/workflows/small-actions");
const { requestSession } = await import("../../../src/workflows/long-term-recovery");
const { requestCorruption, requestResilience, requestReturn, requestTravelTurn } =
  await import("../../../src/workflows/exploration");

export async function targetFoes(...names: string[]) {
  session.user.targets.clear();
  for (const [index, name] of names.entries()) {
    const foe = await Actor.implementation.create({
      name,
      type: "npc",
      system: { evasion: 6, deflection: { physical: 8, elemental: 0 } },
    });
    session.user.targets.add(placeToken(foe as BrinkActor, 4 + index * 2, 4));
  }
}

/** A blast weapon: the one kind that attacks several targets with one action (RULES §4). */
export const FIRE_FLASK = {
  name: "Fire flask",
  type: "weapon" as const,
  system: {
    attributes: ["dex" as const],
    damage: 4,
    damageType: "fire" as const,
    properties: ["blast" as const],
  },
};

export const SPEAR = {
  name: "Spear",
  type: "weapon" as const,
  system: {
    attributes: ["str"],
    proficiencies: ["martial"],
    damage: 4,
    criticalDamage: 8,
    criticalThreshold: 19,
    damageType: "piercing",
  },
};

const boudica = async () =>
  (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: { skills: { combat: { die: 6 } }, proficiencies: ["martial"] },
    items: [SPEAR],
  })) as BrinkActor;

/** The last card, as its owner's player sees it. */
const lastCardAs = (id: string) => asUser(player(id), lastCard);

/** An NPC's longsword against Boudica, who carries a shield: the card before anything is applied. */
async function blowOnBoudica() {
  const guard = (await Actor.implementation.create({
    name: "Guard Captain",
    type: "npc",
    items: [
      {
        name: "Longsword",
        type: "weapon",
        system: { attributes: ["str"], damage: 5, damageType: "slashing" },
      },
    ],
  })) as BrinkActor;
  const boudica = (await Actor.implementation.create({
    name: "Boudica of the Iceni",
    type: "character",
    system: { evasion: 4, endurance: { value: 12, max: 12 } },
    items: [
      {
        name: "Round shield",
        type: "shield",
        system: { block: 3, equipped: true, durability: { value: 2, max: 4 } },
      },
    ],
  })) as BrinkActor;
  const token = placeToken(boudica, 3, 3);
  session.user.targets.clear();
  session.user.targets.add(token);
  queueDice(6, 12);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(guard, guard.items.getName("Longsword") as Item.Implementation);
  const message = game.messages.contents.at(-1) as unknown as { id: string };
  return { message, request: onCard(message, token) };
}

/** Roland's longsword and dagger against Ostrog, under the direct damage rule (RULES §7.3). */
async function directBlow() {
  await settings.set("brink", "damageRule", "direct");
  const weapon = (name: string, damageDie: number) => ({
    name,
    type: "weapon" as const,
    system: { attributes: ["str"], damage: 4, damageDie, damageType: "slashing", equipped: true },
  });
  const roland = (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    items: [weapon("Longsword", 8), weapon("Dagger", 6)],
  })) as BrinkActor;
  const ostrog = (await Actor.implementation.create({
    name: "Ostrog the Unyielding",
    type: "npc",
    system: {
      deflection: { physical: 1, elemental: 0 },
      endurance: { value: 0, max: 6 },
      health: { value: 2, max: 8 },
      attributes: { str: { die: 10 } },
    },
  })) as BrinkActor;
  const token = placeToken(ostrog, 5, 5);
  session.user.targets.clear();
  session.user.targets.add(token);
  queueDice(7, 4);
  answerDialog({ position: "normal", offhandId: roland.items.getName("Dagger")?.id ?? "" });
  await promptAttack(roland, roland.items.getName("Longsword") as Item.Implementation);
  const message = game.messages.contents.at(-1) as unknown as { id: string };
  return { message, request: onCard(message, token) };
}

/** A character at 0 health under the given death rule, with an ally who may tend her. */
async function downedPetra(rule: "dying" | "stabilise" | "luck") {
  await settings.set("brink", "deathRule", rule);
  const petra = (await Actor.implementation.create({
    name: "Petra Ashdown-Featherstonehaugh",
    type: "character",
    system: {
      health: { value: 0, max: 10 },
      ...(rule === "dying"
        ? {
            conditions: ["dying"],
            death: {
              dying: {
                turnsTaken: 3,
                successes: 1,
                failures: 1,
                savedThisTurn: false,
                lastStabiliseRound: null,
              },
            },
          }
        : {}),
    },
  })) as BrinkActor;
  await Actor.implementation.create({
    name: "Clementine",
    type: "character",
    system: { skills: { heal: { die: 8 } } },
  });
  return petra;
}

/** Four characters and a guard, one down, one armed: the party an Emergency Retreat takes out. */
async function retreatingParty() {
  const fight = await setUpFight([
    { name: "Agnessa of the Long Road", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Boudica", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Clementine Ashdown-Featherstonehaugh", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Fabian", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight
    .actor("Agnessa of the Long Road")
    .update({ system: { level: 3, hitDice: { value: 3, max: 3 } } });
  await fight.actor("Clementine Ashdown-Featherstonehaugh").createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { equipped: true } },
    { name: "Round shield", type: "shield", system: { equipped: true } },
  ]);
  await fight.actor("Fabian").update({ system: { health: { value: 0, max: 10 } } });
  queueDice(10, 6, 5, 3, 4, 1, 7, 5, 1, 3, 15, 2, 4, 1, 9);
  answerDialog(Object.fromEntries([0, 1, 2, 3].map((i) => [`member-${i}`, true])));
  answerDialog(null);
  await emergencyRetreat(fight.combat);
  return fight;
}

/** Roland and Petra on a scene, carrying a torch and a lantern, three travel turns in. */
async function explorers() {
  const make = (name: string, items: object[], system: object = {}) =>
    Actor.implementation.create({ name, type: "character", items, system } as never);
  const roland = (await make(
    "Roland",
    [{ name: "Torch", type: "gear", system: { equipped: true, quantity: 3, light: { hours: 1 } } }],
    { attributes: { str: { die: 12 } } },
  )) as Actor.Implementation;
  const petra = (await make("Petra", [
    { name: "Lantern", type: "gear", system: { equipped: true, light: { hours: 3, consumed: false } } },
    { name: "Purse of coins", type: "gear", system: {} },
  ])) as Actor.Implementation;
  const scene = await FakeScene.create({
    name: "Sunken Crypt",
    tokens: [roland, petra].map((actor, index) => ({
      name: actor.name,
      x: index * 100,
      y: 0,
      actorId: actor.id,
      actorLink: true,
      disposition: 1,
    })),
  });
  Object.assign(canvas as object, { scene });
  await settings.set("brink", "travelTurns", 3);
  return { scene, roland, petra };
}

/** Roland on his own turn in a fight beside Petra, as his player. */
async function rolandsTurn() {
  const rolands = player("roland-player");
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolands },
    { name: "Petra Ashdown-Featherstonehaugh", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  await asUser(rolands, () => f.combat.takeTurn(f.member("Roland").id ?? ""));
  return { f, rolands };
}

/** A character with a permanent wound, for the long-term recovery cards. */
async function woundedPetra() {
  return (await Actor.implementation.create({
    name: "Petra",
    type: "character",
    system: { attributes: { con: { die: 6 } } },
    items: [
      {
        name: "Useless Arm",
        type: "injury",
        system: { kind: "maiming", permanent: true, heals: "downtime" },
      },
    ],
  })) as Actor.Implementation;
}

export const CARDS: Surface[] = [
  card("test", async () => {
    queueDice(2, 5, 6, 6, 20);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "1", modifier: "1", difficulty: "10" });
    const actor = await Actor.implementation.create({ name: "Clementine", type: "character" });
    await promptTest(actor as BrinkActor, { skill: "sneak" });
    return lastCard();
  }),
  card("attack", async () => {
    const actor = await boudica();
    await actor.createEmbeddedDocuments("Item", [FIRE_FLASK]);
    await targetFoes("Guard with a very long name indeed", "Guard Captain");
    queueDice(2, 3, 19);
    answerDialog({ attribute: "dex", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Fire flask") as Item.Implementation);
    return lastCard();
  }),
  card("attack-blocked", async () => {
    const { request } = await blowOnBoudica();
    await requestCardAction("react", { ...request, kind: "block" });
    return lastCard();
  }),
  card("attack-applied", async () => {
    const { request } = await blowOnBoudica();
    await requestCardAction("react", { ...request, kind: "block" });
    await requestCardAction("apply", request);
    return lastCard();
  }),
  card("attack-reverted", async () => {
    const { request } = await blowOnBoudica();
    await requestCardAction("apply", request);
    await requestCardAction("revert", request);
    return lastCard();
  }),
  card("attack-untargeted", async () => {
    const actor = await boudica();
    session.user.targets.clear();
    queueDice(4, 5, 10);
    answerDialog({ attribute: "str", manualEvasion: "9", manualDeflection: "3" });
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    return lastCard();
  }),
  card("direct-attack", async () => {
    await directBlow();
    return lastCard();
  }),
  card("direct-attack-applied", async () => {
    const { request } = await directBlow();
    queueDice(15);
    await requestCardAction("apply", request);
    return lastCard();
  }),
  card("direct-attack-untargeted", async () => {
    await settings.set("brink", "damageRule", "direct");
    const roland = (await Actor.implementation.create({
      name: "Roland",
      type: "character",
      items: [
        {
          name: "Longsword",
          type: "weapon",
          system: { attributes: ["str"], damage: 4, damageDie: 8, damageType: "slashing", equipped: true },
        },
      ],
    })) as BrinkActor;
    session.user.targets.clear();
    queueDice(7);
    answerDialog({ position: "normal", offhandId: "", manualDeflection: "2" });
    await promptAttack(roland, roland.items.getName("Longsword") as Item.Implementation);
    return lastCard();
  }),
  card("opposed", async () => {
    const actor = await showcaseCharacter();
    const other = await Actor.implementation.create({
      name: "Ostrog the Unbearably Long-Named",
      type: "character",
    });
    queueDice(5, 12, 3, 7);
    answerDialog({ defender: other?.uuid ?? "", attribute: "str", defenderAttribute: "str" });
    await promptOpposedTest(actor);
    return lastCard();
  }),
  card("heal", async () => {
    const actor = await showcaseCharacter();
    answerDialog({ amount: "3" });
    await promptHeal(actor);
    return lastCard();
  }),
  card("healing-roll", async () => {
    const actor = await showcaseCharacter();
    session.user.targets.clear();
    session.user.targets.add(placeToken(actor, 2, 2));
    queueDice(6);
    await rollHealing("1d8", { kind: "free" });
    return lastCard();
  }),
  card("death-save", async () => {
    const petra = await downedPetra("dying");
    queueDice(12);
    await deathSave(petra);
    return lastCard();
  }),
  card("stabilise", async () => {
    const petra = await downedPetra("stabilise");
    queueDice(4, 3, 2);
    answerDialog({ tools: true });
    await promptStabilise(petra);
    return lastCard();
  }),
  card("resurrect", async () => {
    const petra = await downedPetra("luck");
    await petra.update({ system: { conditions: ["dead"] } });
    await lifeAction(petra, { kind: "resurrect" });
    return lastCard();
  }),
  card("rest", async () => {
    const actor = await showcaseCharacter();
    queueDice(5, 6);
    answerDialog({ kind: "long-safe", "hitDice-0": "1" });
    await promptRest(actor);
    return lastCard();
  }),
  card("party-rest", async () => {
    const owner = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    for (const [name, id] of [
      ["Petra", "petra-player"],
      ["Roland of the Northern Marches", "roland-player"],
    ] as const) {
      player(id).active = true;
      await Actor.implementation.create({
        name,
        type: "character",
        ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [id]: owner },
      });
    }
    answerDialog({ kind: "long-safe", "member-0": true, "member-1": true });
    answerDialog({});
    answerDialog(null);
    await partyRest();
    await partyRestPromptsSettled();
    const message = game.messages.contents.find((m) => m.type === "partyRest");
    return messageContent(message);
  }),
  card("retreat", async () => {
    await retreatingParty();
    return lastCard();
  }),
  {
    ...card("retreat-folded", async () => {
      await retreatingParty();
      return lastCard();
    }),
    // Each character's entry folded under its name, as a player clicks them.
    use: async (page) => {
      for (const summary of await page.locator("summary.character-header").all()) await summary.click();
    },
  },
  card("retreat-request", async () => {
    const odettes = player("odette-player");
    const f = await setUpFight([
      { name: "Odette", disposition: DISPOSITIONS.friendly, owner: odettes, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    await asUser(odettes, () => askForRetreat(f.combat.id ?? "", [f.actor("Odette").uuid]));
    return lastCard();
  }),
  card("reunite", async () => {
    const f = await setUpFight([
      {
        name: "Odette",
        disposition: DISPOSITIONS.friendly,
        owner: player("odette-player"),
        type: "character",
      },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    queueDice(6, 6);
    await requestRetreat(f.combat.id ?? "", [f.actor("Odette").uuid]);
    await requestReunite();
    return lastCard();
  }),
  card("morale", async () => {
    await settings.set("brink", "morale", true);
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
      { name: "Goblin chieftain of the Broken Tooth", disposition: DISPOSITIONS.hostile },
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    queueDice(3, 2, 9, 4);
    answerDialog({ scope: "team" });
    await moraleCheck(f.combat, f.teamId("Foes"));
    return lastCard();
  }),
  card("retreat-action", async () => {
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Goblin chieftain of the Broken Tooth", disposition: DISPOSITIONS.hostile },
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Foes"), attackedTeam: f.teamId("Party") });
    const chieftain = f.member("Goblin chieftain of the Broken Tooth");
    await f.combat.takeTurn(chieftain.id ?? "");
    queueDice(3, 20);
    answerDialog({ difficulty: "5", modifier: "-1" });
    await retreatAction(chieftain);
    return lastCard();
  }),
  card("initiative", async () => {
    await settings.set("brink", "initiativeMode", "dexterity");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, dex: 8 },
      { name: "Fabian of the Long Road", disposition: DISPOSITIONS.friendly, dex: 4 },
      { name: "Guard", disposition: DISPOSITIONS.hostile, dex: 8 },
      { name: "Captain", disposition: DISPOSITIONS.hostile, dex: 12 },
    ]);
    queueDice(3, 7);
    await f.combat.begin({});
    return lastCard();
  }),
  card("initiative-test", async () => {
    await settings.set("brink", "initiativeMode", "dexterity-test");
    // A whole party rolls: the card stays short enough to read in the chat column.
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: player("roland-player"), dex: 8 },
      { name: "Fabian", disposition: DISPOSITIONS.friendly, owner: player("fabian-player"), dex: 4 },
      { name: "Mira Ashdown of the Salt Marches", disposition: DISPOSITIONS.friendly, dex: 6 },
      { name: "Oswin", disposition: DISPOSITIONS.friendly, dex: 10 },
      { name: "Brigid", disposition: DISPOSITIONS.friendly, dex: 4 },
      { name: "Tam", disposition: DISPOSITIONS.friendly, dex: 8 },
      { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
      { name: "Goblin 2", disposition: DISPOSITIONS.hostile },
    ]);
    await f.member("Tam").actor?.update({ system: { exhaustion: 2 } } as never);
    // Each DEX die, then the luck die: Fabian's 20 adds +4, Brigid's 1s fail.
    queueDice(6, 2, 2, 20, 3, 11, 9, 4, 1, 1, 7, 19);
    await f.combat.begin({});
    return lastCard();
  }),
  card("action-interact", async () => {
    const { f, rolands } = await rolandsTurn();
    await asUser(rolands, () =>
      requestSmallAction(f.member("Roland"), { action: "interact", text: "opens the heavy iron-bound door" }),
    );
    return lastCardAs("roland-player");
  }),
  card("action-command", async () => {
    const { f, rolands } = await rolandsTurn();
    await asUser(rolands, () =>
      f.member("Roland").spendAction("command", f.member("Petra Ashdown-Featherstonehaugh").id ?? ""),
    );
    return lastCard();
  }),
  card("recovery-session", async () => {
    const petra = await woundedPetra();
    await petra.update({ system: { recovery: { retired: true } } });
    await requestSession(petra.uuid);
    return lastCard();
  }),
  card("exploration-travel", async () => {
    const { scene } = await explorers();
    queueDice(5, 17);
    await requestTravelTurn(scene.id ?? "", "cautious");
    return lastCard();
  }),
  card("exploration-return", async () => {
    const { roland, petra } = await explorers();
    queueDice(15, 12, 2, 5);
    await requestReturn([roland.uuid, petra.uuid], "dangerous");
    return lastCard();
  }),
  card("exploration-resilience", async () => {
    const { roland, petra } = await explorers();
    await settings.set("brink", "travelTurns", 9);
    queueDice(3, 14);
    await requestResilience([roland.uuid, petra.uuid]);
    return lastCard();
  }),
  card("exploration-corruption", async () => {
    const { petra } = await explorers();
    queueDice(2, 4);
    await requestCorruption([petra.uuid], 11, "con");
    return lastCard();
  }),
  card("encounter-odds", async () => {
    // The GM posts the planner's odds (issue 28): two characters against a goblin, the foes first.
    const { openEncounterPlanner, requestOdds } = await import("../../../src/applications/odds");
    const planner = await openEncounterPlanner();
    for (const [side, id] of [
      ["party", "characters.Actor.1rdKzLneu2npD7So"],
      ["party", "characters.Actor.l4CundUg9DXPLb2j"],
      ["foes", "adversaries.Actor.lfgJ8Nc5NTlmBC59"],
    ] as const)
      await planner.addActor(`Compendium.brink.${id}`, side);
    planner.element.querySelector<HTMLElement>('[data-action="plannerFirst"][data-side="foes"]')?.click();
    await requestOdds(planner.encounter());
    await planner.render();
    const posted = game.messages.size;
    planner.element.querySelector<HTMLElement>('[data-action="postPlannerOdds"]')?.click();
    // The click's handler posts without being awaited: wait for the card (a condition, bounded).
    for (let tries = 0; game.messages.size === posted && tries < 500; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await planner.close();
    return lastCard();
  }),
];
