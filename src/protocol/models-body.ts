// The body of `GET /v1/models`: OpenAI's model list.

/** The JSON text listing `modelIds`, each `owned_by` `ownedBy`, created at `createdS` (epoch seconds). */
export function modelsBodyJson(modelIds: readonly string[], ownedBy: string, createdS: number): string {
  return JSON.stringify({
    object: "list",
    data: modelIds.map((id) => ({ id, object: "model", created: createdS, owned_by: ownedBy })),
  });
}
