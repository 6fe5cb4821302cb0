// Removing what llm-bench left in the engine: containers with our label — all of them (`containers prune`), or only
// those whose owning process on this host is gone (a run's start: leftovers of a run killed with -9 or crashed,
// never the containers of a run going on beside it) — and, for `containers prune`, the images we built.
import type Docker from "dockerode";
import { connectDocker } from "./connect-docker.js";
import { ContainerEngineError, engineErrorMessage, isNotFound } from "./container-errors.js";
import { isOwnerGone, MANAGED_LABEL, OWNER_LABEL } from "./container-labels.js";

export interface PruneOptions {
  /** "all": every container with our label; "dead-owners": those whose run's process on this host is gone. */
  readonly scope: "all" | "dead-owners";
  /** Also remove the images llm-bench built (`buildImage`; pulled images are left alone). */
  readonly images?: boolean;
}

export interface PruneOutcome {
  readonly containers: number;
  readonly images: number;
}

export async function pruneContainers(docker: Docker, options: PruneOptions): Promise<PruneOutcome> {
  let listed: Docker.ContainerInfo[];
  try {
    listed = await docker.listContainers({ all: true, filters: { label: [`${MANAGED_LABEL}=true`] } });
  } catch (error) {
    throw new ContainerEngineError(`cannot list containers: ${engineErrorMessage(error)}`, error);
  }
  const doomed = listed.filter((info) => options.scope === "all" || isOwnerGone(info.Labels?.[OWNER_LABEL]));
  let containers = 0;
  for (const info of doomed) {
    try {
      await docker.getContainer(info.Id).remove({ force: true, v: true });
      containers++;
    } catch (error) {
      if (!isNotFound(error)) {
        throw new ContainerEngineError(
          `cannot remove container ${info.Id.slice(0, 12)}: ${engineErrorMessage(error)}`,
          error,
        );
      }
    }
  }
  let images = 0;
  if (options.images === true) {
    const built = await docker.listImages({ filters: { label: [`${MANAGED_LABEL}=true`] } });
    for (const image of built) {
      try {
        await docker.getImage(image.Id).remove({ force: true });
        images++;
      } catch (error) {
        if (!isNotFound(error)) {
          throw new ContainerEngineError(
            `cannot remove image ${image.Id.slice(0, 19)}: ${engineErrorMessage(error)}`,
            error,
          );
        }
      }
    }
  }
  return { containers, images };
}

/** `llm-bench containers prune`: every container with our label, and (unless `keepImages`) the images we built. */
export async function pruneContainerEngine(options: {
  dockerHost?: string | undefined;
  env: NodeJS.ProcessEnv;
  keepImages?: boolean;
}): Promise<PruneOutcome & { host: string }> {
  const { docker, host } = await connectDocker(options.dockerHost, options.env);
  const outcome = await pruneContainers(docker, { scope: "all", images: options.keepImages !== true });
  return { ...outcome, host };
}
