/**
 * A travel turn (RULES §7.5), on the active GM's client: the travel turn table is rolled (with
 * advantage for a cautious party, disadvantage for a hasty one), the world's count goes up by one,
 * and every lit torch and lantern of the party on the scene burns an hour. One card tells it all,
 * warning where light ran out; the GM can revert it.
 */
import { renderExplorationCard, type ExplorationRecord, type TravelRecord } from "../../data";
import { resolveWithFoundryDice, type BrinkRoll } from "../../dice";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import {
  rangeIndexFor,
  rollTravelTurn,
  TRAVEL_APPROACHES,
  type TravelApproach,
} from "../../rules/exploration/travel-turn";
import { burnLights, stillLit, writeLights } from "./lights";
import { partyOnScene } from "./party";
import { MAX_TRAVEL_TURNS, setTravelTurns, travelTurns } from "./travel-count";
import { travelTable } from "./travel-table";

export interface TravelRequest {
  sceneId: string;
  approach: TravelApproach;
}

export async function postExplorationCard(record: ExplorationRecord, rolls: BrinkRoll[] = []) {
  await ChatMessage.implementation.create({
    type: "exploration",
    system: record,
    content: await renderExplorationCard(record),
    rolls,
    speaker: { alias: game.i18n.localize("BRINK.Exploration.speaker") },
  });
}

/** The party's actors by uuid, as the light writes look them up. */
export const actorLookup =
  (actors: readonly Actor.Implementation[]) =>
  (uuid: string): Actor.Implementation | null =>
    actors.find((actor) => actor.uuid === uuid) ?? null;

async function handleTravel({ sceneId, approach }: TravelRequest): Promise<RequestResult> {
  const scene = sceneId ? game.scenes.get(sceneId) : undefined;
  if (!scene) return refuse("BRINK.Exploration.Refusal.noScene");
  const party = partyOnScene(scene);
  if (party.length === 0) return refuse("BRINK.Exploration.Refusal.noParty", { scene: scene.name });
  const table = await travelTable();
  if (!table) return refuse("BRINK.Exploration.Refusal.noTable");
  const { result: roll, rolls } = await resolveWithFoundryDice((dice) => rollTravelTurn(approach, dice));
  const row =
    table.rows[
      rangeIndexFor(
        roll.face,
        table.rows.map((r) => r.range),
      )
    ];
  const lights = burnLights(party);
  const turnsBefore = travelTurns();
  const travel: TravelRecord = {
    ...roll,
    faces: [...roll.faces],
    tableName: table.name,
    resultName: row?.name ?? "",
    resultText: row?.description ?? "",
    turnsBefore,
    turnsAfter: turnsBefore + 1,
    lights,
    dark: !stillLit(lights),
  };
  await setTravelTurns(travel.turnsAfter);
  await writeLights(lights, "after", actorLookup(party));
  await postExplorationCard(
    { kind: "travel", status: "applied", sceneName: scene.name, travel, return: null, checks: null },
    rolls,
  );
  return { ok: true };
}

async function handleSetTurns({ count }: { count: number }): Promise<RequestResult> {
  await setTravelTurns(count);
  return { ok: true };
}

const askTravel = defineRequest({
  name: "exploration.travel",
  who: "gm",
  parse: (fields) => ({
    sceneId: fields.optionalId("sceneId"),
    approach: fields.oneOf("approach", TRAVEL_APPROACHES),
  }),
  handle: handleTravel,
});

const askSetTurns = defineRequest({
  name: "exploration.setTurns",
  who: "gm",
  parse: (fields) => ({ count: fields.whole("count", 0, MAX_TRAVEL_TURNS) }),
  handle: handleSetTurns,
});

export const requestTravelTurn = (sceneId: string, approach: TravelApproach) =>
  askTravel({ sceneId, approach });
export const requestSetTravelTurns = (count: number) => askSetTurns({ count });
