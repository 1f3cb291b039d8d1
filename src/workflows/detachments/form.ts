/**
 * Forming a detachment (RULES §7.4, S3) on the active GM's client, from tokens the GM selected: the
 * rules check the members (rules/detachment-forming); a new world NPC is made from their kind with
 * the summed pools, its token stands at their centre, the members' tokens are hidden (never
 * deleted), and a card says who formed what. Four writes: the actor, its token, the members'
 * tokens in one update, the card.
 */
import { renderDetachmentCard, type DetachmentMember, type DetachmentRecord } from "../../data";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import {
  centreOf,
  formationRefusal,
  pooledTracks,
  type FormationCandidate,
  type FormationRefusal,
} from "../../rules/detachment-forming";
import { candidateOf } from "./candidates";
import { detachmentsEnabled } from "./enabled";
import { writes } from "../../foundry/typed-writes";

export interface FormRequest {
  sceneId: string;
  tokenIds: string[];
}

const refusalOf = (refusal: FormationRefusal) =>
  refuse(`BRINK.Formation.Refusal.${refusal.reason}`, "name" in refusal ? { name: refusal.name } : undefined);

/** The kind's source as a new world actor: the summed pools, the detachment record, a linked token. */
function detachmentSource(kind: Actor.Implementation, name: string, candidates: FormationCandidate[]) {
  // The source is plain JSON; a new document takes a new id and new statistics.
  const { _id: _id, _stats: _stats, ...source } = kind.toObject() as Record<string, unknown>;
  const { endurance, health } = pooledTracks(candidates);
  const changes = {
    name,
    system: { detachment: { enabled: true, members: candidates.length }, endurance, health },
    prototypeToken: { name, actorLink: true },
  };
  return foundry.utils.mergeObject(source, changes, { inplace: false });
}

function tokenSource(actor: Actor.Implementation, members: TokenDocument.Implementation[]) {
  const first = members[0];
  return {
    name: actor.name,
    actorId: actor.id,
    actorLink: true,
    ...centreOf(members),
    width: first?.width ?? 1,
    height: first?.height ?? 1,
    texture: { src: first?.texture.src ?? actor.img },
    disposition: first?.disposition ?? CONST.TOKEN_DISPOSITIONS.HOSTILE,
    hidden: false,
  };
}

export async function postDetachmentCard(record: DetachmentRecord) {
  await ChatMessage.implementation.create({
    type: "detachment",
    system: record,
    content: await renderDetachmentCard(record),
    speaker: { alias: game.i18n.localize("BRINK.Formation.speaker") },
  });
}

export async function handleForm(
  { sceneId, tokenIds }: FormRequest,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!detachmentsEnabled()) return refuse("BRINK.Formation.Refusal.off");
  const scene = game.scenes.get(sceneId);
  if (!scene) return refuse("BRINK.Formation.Refusal.noScene");
  const members = [...new Set(tokenIds)].map((id) => scene.tokens.get(id));
  if (members.some((token) => token === undefined)) return refuse("BRINK.Formation.Refusal.noToken");
  const tokens = members as TokenDocument.Implementation[];
  const candidates = tokens.map((token) => candidateOf(token, sceneId));
  const refusal = formationRefusal(candidates);
  if (refusal) return refusalOf(refusal);
  const kind = game.actors.get(candidates[0]?.kindId ?? "");
  if (!kind) return refuse("BRINK.Formation.Refusal.noActor", { name: tokens[0]?.name ?? "" });
  const name = game.i18n.format("BRINK.Formation.name", { kind: kind.name });
  // Built from a Brink NPC's own source with Brink fields only.
  const actor = await Actor.implementation.create(
    writes.Actor.restore(detachmentSource(kind, name, candidates)),
  );
  if (!actor) return refuse("BRINK.Request.failed");
  const [token] = await scene.createEmbeddedDocuments(
    "Token",
    writes.Token.creates([tokenSource(actor, tokens)]),
  );
  const hidden: DetachmentMember[] = tokens.map((member) => ({
    tokenId: member.id ?? "",
    name: member.name,
    wasHidden: member.hidden,
  }));
  await scene.updateEmbeddedDocuments(
    "Token",
    hidden.map((member) => ({ _id: member.tokenId, hidden: true })),
  );
  await postDetachmentCard({
    status: "applied",
    formedBy: user.name,
    kindName: kind.name,
    name,
    actorUuid: actor.uuid,
    sceneId,
    tokenId: token?.id ?? "",
    members: hidden,
    missing: [],
  });
  return { ok: true };
}
