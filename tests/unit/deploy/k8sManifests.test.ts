import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from "kubernetes-models/v1";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { CONFIG_VARIABLES, loadConfig } from "../../../src/config/config.js";

// deploy/k8s rendered as an operator renders it (`kubectl kustomize`, offline), every object
// validated against the Kubernetes API schemas the kubernetes-models package carries, and the
// environment the pods get parsed by the gateway's own config.

const K8S = fileURLToPath(new URL("../../../deploy/k8s", import.meta.url));
const JWT_SECRET = "k8s-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

/** A validator per kind the manifests may contain; any other kind fails the test. */
const MODELS: Record<string, { apiVersion: string; validate(obj: unknown): void }> = Object.fromEntries(
  [ConfigMap, Secret, Service, PersistentVolumeClaim, Deployment, HorizontalPodAutoscaler, NetworkPolicy, PodDisruptionBudget].map((Model) => [
    Model.kind,
    { apiVersion: Model.apiVersion, validate: (obj: unknown) => new (Model as unknown as new (data: unknown) => { validate(): void })(obj).validate() },
  ]),
);

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

let work: string;
const rendered: Record<string, K8sObject[]> = {};

/** Renders an overlay from a copy of deploy/k8s whose secrets.env files are the examples with a test secret filled in. */
function render(overlay: string): K8sObject[] {
  const text = execFileSync("kubectl", ["kustomize", path.join(work, "overlays", overlay)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return parseAllDocuments(text).map((doc) => withUnwrappedSecretData(doc.toJS() as K8sObject));
}

/**
 * kustomize wraps a long base64 value at 76 characters; the API server's decoder (Go's base64)
 * skips the line breaks, the schema's `byte` pattern does not: compare what the server reads.
 */
function withUnwrappedSecretData(object: K8sObject): K8sObject {
  if (object.kind !== "Secret" || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([k, v]) => [k, v.replace(/\s+/g, "")])) };
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "mnemograph-k8s-"));
  cpSync(K8S, work, { recursive: true });
  for (const overlay of ["development", "production"]) {
    const example = readFileSync(path.join(K8S, "overlays", overlay, "secrets.env.example"), "utf8");
    const filled = example.replace(/^JWT_SECRET=$/m, `JWT_SECRET=${JWT_SECRET}`).replace(/^NEO4J_PASSWORD=$/m, "NEO4J_PASSWORD=test-password");
    writeFileSync(path.join(work, "overlays", overlay, "secrets.env"), filled);
    rendered[overlay] = render(overlay);
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const only = (objects: K8sObject[], kind: string) => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

/** The environment a gateway pod gets: its ConfigMap's and Secret's entries (envFrom). */
function podEnv(objects: K8sObject[]): Record<string, string> {
  const deployment = only(objects, "Deployment");
  const refs = deployment.spec.template.spec.containers[0].envFrom as { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  const env: Record<string, string> = {};
  for (const ref of refs) {
    const name = ref.configMapRef?.name ?? ref.secretRef!.name;
    const source = objects.find((o) => o.metadata.name === name && o.kind === (ref.configMapRef ? "ConfigMap" : "Secret"));
    expect(source, `envFrom names ${name}, which the overlay renders`).toBeDefined();
    for (const [key, value] of Object.entries(source!.data ?? {})) env[key] = ref.secretRef ? Buffer.from(value, "base64").toString("utf8") : value;
  }
  return env;
}

describe.each(["development", "production"])("the %s overlay", (overlay) => {
  it("renders objects that each validate against their Kubernetes schema", () => {
    const objects = rendered[overlay]!;
    expect(objects.map((o) => o.kind).sort()).toEqual(
      overlay === "production"
        ? ["ConfigMap", "Deployment", "HorizontalPodAutoscaler", "NetworkPolicy", "PodDisruptionBudget", "Secret", "Service"]
        : ["ConfigMap", "Deployment", "NetworkPolicy", "PersistentVolumeClaim", "PodDisruptionBudget", "Secret", "Service"],
    );
    for (const object of objects) {
      const model = MODELS[object.kind];
      expect(model, `a schema for ${object.kind}`).toBeDefined();
      expect(object.apiVersion).toBe(model!.apiVersion);
      expect(() => model!.validate(object), `${object.kind}/${object.metadata.name}`).not.toThrow();
      expect(object.metadata.namespace).toBe(overlay === "production" ? "mnemograph" : "mnemograph-dev");
    }
  });

  it("gives the pods an environment the gateway starts with: only variables it reads, the token secret set, listening beyond loopback", () => {
    const env = podEnv(rendered[overlay]!);
    expect(Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const config = loadConfig(env, "/app");
    expect(config.host).toBe("0.0.0.0");
    expect(config.mode).toBe("production");
    expect(config.auth.jwtSecret).toBe(JWT_SECRET);
    expect(config.neo4j.dataDir).toBe("/data/neo4j");
    expect(config.home).toBe("/data");
  });

  it("probes the gateway's health routes on its port, and every selector picks the gateway's pods", () => {
    const objects = rendered[overlay]!;
    const deployment = only(objects, "Deployment");
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    expect(container.startupProbe.httpGet.path).toBe("/health/live");
    expect(container.livenessProbe.httpGet.path).toBe("/health/live");
    expect(container.readinessProbe.httpGet.path).toBe("/health/ready");
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) expect(probe.httpGet.port).toBe("http");
    expect(container.ports).toEqual([{ name: "http", containerPort: 4000, protocol: "TCP" }]);
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toBeDefined();

    const podLabels = pod.metadata.labels as Record<string, string>;
    const selects = (selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => podLabels[k] === v);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(selects(only(objects, "Service").spec.selector)).toBe(true);
    expect(selects(only(objects, "PodDisruptionBudget").spec.selector.matchLabels)).toBe(true);
    expect(selects(only(objects, "NetworkPolicy").spec.podSelector.matchLabels)).toBe(true);
    expect(only(objects, "Service").spec.ports[0].targetPort).toBe("http");
    expect(only(objects, "NetworkPolicy").spec.ingress).toEqual([{ ports: [{ port: 4000, protocol: "TCP" }] }]);
  });
});

describe("what differs between the overlays", () => {
  it("development: the embedded Neo4j, one replica replaced (never two on one store), its data on a claim", () => {
    const objects = rendered.development!;
    const deployment = only(objects, "Deployment");
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy).toEqual({ type: "Recreate" });
    expect(podEnv(objects).NEO4J_URI).toBeUndefined();
    const claim = only(objects, "PersistentVolumeClaim");
    expect(deployment.spec.template.spec.volumes).toContainEqual({ name: "data", persistentVolumeClaim: { claimName: claim.metadata.name } });
    // One pod: a budget that lets a drain evict it.
    expect(only(objects, "PodDisruptionBudget").spec).toMatchObject({ maxUnavailable: 1 });
    expect(only(objects, "PodDisruptionBudget").spec.minAvailable).toBeUndefined();
  });

  it("production: an external Neo4j over neo4j+s:// with its credentials from the Secret, two or more replicas, autoscaled, Bolt allowed out", () => {
    const objects = rendered.production!;
    const env = podEnv(objects);
    expect(env.NEO4J_URI).toMatch(/^neo4j\+s:\/\//);
    const config = loadConfig(env, "/app");
    expect(config.neo4j.uri).toBe(env.NEO4J_URI);
    expect(config.neo4j.password).toBe("test-password");
    const secret = only(objects, "Secret");
    expect(Object.keys(secret.data!).sort()).toEqual(["JWT_SECRET", "NEO4J_PASSWORD", "NEO4J_USER"]);
    expect(only(objects, "Deployment").spec.replicas).toBeGreaterThanOrEqual(2);
    const hpa = only(objects, "HorizontalPodAutoscaler");
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: "mnemograph" });
    expect(only(objects, "PodDisruptionBudget").spec.minAvailable).toBe(1);
    expect(only(objects, "NetworkPolicy").spec.egress).toContainEqual({ ports: [{ port: 7687, protocol: "TCP" }] });
  });

  it("an overlay without its secrets.env does not render (no Secret with an empty token secret goes out by mistake)", () => {
    rmSync(path.join(work, "overlays", "production", "secrets.env"));
    expect(() => execFileSync("kubectl", ["kustomize", path.join(work, "overlays", "production")], { stdio: "pipe" })).toThrow(/secrets\.env/);
  });

  it("the schemas refuse what a cluster would: a wrong type, a missing required field", () => {
    const deployment = structuredClone(only(rendered.production!, "Deployment"));
    deployment.spec.replicas = "two";
    expect(() => MODELS.Deployment!.validate(deployment)).toThrow(/replicas must be integer/);
    const service = structuredClone(only(rendered.production!, "Service"));
    delete service.spec.ports[0].port;
    expect(() => MODELS.Service!.validate(service)).toThrow(/ports\/0 must have required property port/);
  });
});
