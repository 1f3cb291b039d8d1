import { beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { attackWith, mindBlade } from "../support/attacks";
import type { BrinkActor } from "../../src/documents/actor";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";
import { waitUntil } from "../support/wait";

await bootCombat();
const { requestIntercept, requestInterceptRevert } = await import("../../src/workflows/allies/intercept");
const { promptIntercept } = await import("../../src/applications/allies/intercept-prompt");
const { requestCardAction } = await import("../../src/workflows/damage");

/**
 * RULES §3 Intercept (reaction, 1 stamina): a character within 1 m of an ally the attack targets
 * becomes the target instead; the card's recorded attack total is compared with the
 * interceptor's evasion; then the interceptor may take one defensive reaction free.
 */

const clementinesPlayer = player("clementine-player");
const fabiansPlayer = player("fabian-player");
beforeEach(() => {
  resetWorld();
  clearDice();
});

/** Tokens stand 1 m apart in this order: Roland, Clementine, Guard, Fabian, Odette (a foe). */
async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: clementinesPlayer },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
    { name: "Fabian", disposition: DISPOSITIONS.friendly, owner: fabiansPlayer },
  ]);
  for (const name of ["Roland", "Clementine"])
    await f.actor(name).update({ system: { evasion: 0 } } as never);
  const guard = f.actor("Guard");
  await guard.update({ system: { attributes: { str: { die: 6 } } } } as never);
  await guard.createEmbeddedDocuments("Item", [mindBlade(4)] as never);
  await f.combat.begin({ startingTeam: f.teamId("Foes") });
  await f.combat.takeTurn(f.member("Guard").id ?? "");
  return f;
}

const uuid = (f: Fight, name: string) => f.token(name).document.uuid;
const card = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
const outcome = (_f: Fight) =>
  (
    card().system as unknown as {
      record: { attacks: { result: { targets: { targetId: string; hit: boolean; damage: number }[] } }[] };
    }
  ).record.attacks[0]?.result.targets[0];
const stamina = (f: Fight, name: string) =>
  (f.actor(name).system as unknown as { stamina: { value: number } }).stamina.value;
const ask = (f: Fight, interceptor = "Clementine", target = "Roland") =>
  requestIntercept({
    messageId: card().id ?? "",
    attack: 0,
    target: uuid(f, target),
    interceptor: uuid(f, interceptor),
  });
const asClementine = <T>(work: () => Promise<T>) => asUser(clementinesPlayer, work);

async function attackRoland(f: Fight, face = 5) {
  await attackWith(f.actor("Guard") as BrinkActor, f.token("Roland"), face); // 5 vs evasion 0: a hit
}

describe("Intercept", () => {
  it("makes the interceptor the target, judged against its evasion with the recorded total", async () => {
    const f = await fight();
    await f.actor("Clementine").update({ system: { evasion: 6 } } as never);
    await attackRoland(f);
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Roland"), hit: true });
    expect((await asClementine(() => ask(f))).ok).toBe(true);
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Clementine"), hit: false, damage: 0 });
    expect(stamina(f, "Clementine")).toBe(2);
    expect(f.member("Clementine").economy.reactionsLeft).toBe(0);
    expect(card().content).toContain("Clementine intercepts the attack on Roland");
  });

  it("takes the hit in the ally's place when the total reaches the interceptor's evasion", async () => {
    const f = await fight();
    await attackRoland(f);
    await asClementine(() => ask(f));
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Clementine"), hit: true, damage: 9 });
    await requestCardAction("apply", {
      messageId: card().id ?? "",
      attack: 0,
      target: uuid(f, "Clementine"),
    });
    const health = (name: string) =>
      (f.actor(name).system as unknown as { endurance: { value: number; max: number } }).endurance;
    expect(health("Clementine").value).toBe(health("Clementine").max - 9);
    expect(health("Roland").value).toBe(health("Roland").max);
  });

  it("then lets the interceptor dodge as a free reaction", async () => {
    const f = await fight();
    await attackRoland(f);
    await asClementine(() => ask(f));
    const dodge = await asClementine(() =>
      requestCardAction("react", {
        messageId: card().id ?? "",
        attack: 0,
        target: uuid(f, "Clementine"),
        kind: "dodge",
      }),
    );
    expect(dodge.ok).toBe(true);
    expect(stamina(f, "Clementine")).toBe(1);
  });

  it("is refused for an interceptor too far away, for a foe, twice, or after the damage", async () => {
    const f = await fight();
    await attackRoland(f);
    const tooFar = await asUser(fabiansPlayer, () => ask(f, "Fabian"));
    expect(tooFar).toMatchObject({ ok: false, reason: "BRINK.Allies.Refusal.tooFar" });
    const foe = await ask(f, "Guard");
    expect(foe).toMatchObject({ ok: false, reason: "BRINK.Allies.Refusal.notAlly" });
    const notMine = await writesDuring(() => asClementine(() => ask(f, "Roland", "Clementine")));
    expect(notMine).toEqual([]);
    await asClementine(() => ask(f));
    expect(await asClementine(() => ask(f))).toMatchObject({ ok: false });
    expect(stamina(f, "Clementine")).toBe(2);
    await attackRoland(f);
    await requestCardAction("apply", { messageId: card().id ?? "", attack: 0, target: uuid(f, "Roland") });
    expect(await ask(f, "Clementine")).toMatchObject({ ok: false, reason: "BRINK.Allies.Refusal.tooLate" });
  });

  it("is refused with no reaction left, before anything is written", async () => {
    const f = await fight();
    await attackRoland(f);
    await asClementine(() => ask(f));
    await attackRoland(f);
    const writes = await writesDuring(() => asClementine(() => ask(f)));
    expect(writes).toEqual([]);
  });

  it("is asked for from the card: the player picks the interceptor", async () => {
    const f = await fight();
    await attackRoland(f);
    answerDialog({ target: uuid(f, "Clementine") });
    await asClementine(() => promptIntercept(card(), 0, uuid(f, "Roland")));
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Clementine") });
  });

  it("is reverted by the GM: the ally is the target again and the stamina and reaction come back", async () => {
    const f = await fight();
    await attackRoland(f);
    await asClementine(() => ask(f));
    const on = { messageId: card().id ?? "", attack: 0, target: uuid(f, "Clementine") };
    expect(await asClementine(() => requestInterceptRevert(on))).toMatchObject({
      ok: false,
      reason: "BRINK.Request.gmOnly",
    });
    expect((await requestInterceptRevert(on)).ok).toBe(true);
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Roland"), hit: true });
    expect(stamina(f, "Clementine")).toBe(3);
    expect(f.member("Clementine").economy.reactionsLeft).toBe(1);
    expect(card().content).not.toContain("intercepts the attack");
    expect((await requestInterceptRevert(on)).ok).toBe(false);
  });

  it("cannot be reverted while damage applied to the interceptor stands", async () => {
    const f = await fight();
    await attackRoland(f);
    await asClementine(() => ask(f));
    const on = { messageId: card().id ?? "", attack: 0, target: uuid(f, "Clementine") };
    await requestCardAction("apply", on);
    expect(await requestInterceptRevert(on)).toMatchObject({
      ok: false,
      reason: "BRINK.Allies.Refusal.revertDamageFirst",
    });
    await requestCardAction("revert", on);
    expect((await requestInterceptRevert(on)).ok).toBe(true);
  });

  it("is offered on the drawn card to a player with a character of their own; clicking it intercepts", async () => {
    const f = await fight();
    await attackRoland(f);
    const html = await asClementine(() => card().renderHTML());
    const button = html.querySelector<HTMLButtonElement>('[data-action="intercept"]');
    expect(button).not.toBeNull();
    answerDialog({ target: uuid(f, "Clementine") });
    await asClementine(async () => {
      button?.click();
      await waitUntil(() => outcome(f)?.targetId === uuid(f, "Clementine"), "Clementine to intercept");
    });
    expect(outcome(f)).toMatchObject({ targetId: uuid(f, "Clementine") });
    const asGM = await card().renderHTML();
    expect(asGM.querySelector('[data-action="revert-intercept"]')).not.toBeNull();
    expect(asGM.textContent).toContain("Clementine intercepts the attack on Roland");
    const again = await asClementine(() => card().renderHTML());
    expect(again.querySelector('[data-action="intercept"]')).toBeNull();
    expect(again.querySelector('[data-action="revert-intercept"]')).toBeNull();
  });
});
