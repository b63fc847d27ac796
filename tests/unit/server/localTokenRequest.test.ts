import { describe, expect, it } from "vitest";
import { isLoopbackAddress, mayReceiveLocalToken } from "../../../src/server/memoryExplorer/loopbackRequest.js";

const local = { remoteAddress: "127.0.0.1", host: "127.0.0.1:4000", origin: undefined };

describe("who may receive the local token", () => {
  it("is this machine's own page: a loopback peer, a loopback Host, the same origin or none", () => {
    expect(mayReceiveLocalToken(local)).toBe(true);
    expect(mayReceiveLocalToken({ ...local, host: "localhost:4000", origin: "http://localhost:4000" })).toBe(true);
    expect(mayReceiveLocalToken({ remoteAddress: "::1", host: "[::1]:4000", origin: undefined })).toBe(true);
    expect(mayReceiveLocalToken({ remoteAddress: "::ffff:127.0.0.1", host: "127.0.0.1:4000", origin: undefined })).toBe(true);
  });

  it("refuses another machine, whatever Host it names", () => {
    expect(mayReceiveLocalToken({ ...local, remoteAddress: "10.0.0.7" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, remoteAddress: "::ffff:10.0.0.7" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, remoteAddress: undefined })).toBe(false);
  });

  it("refuses a rebound DNS name: the socket is local but the Host is another site's", () => {
    expect(mayReceiveLocalToken({ ...local, host: "attacker.example:4000" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, host: "127.0.0.1.attacker.example" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, host: undefined })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, host: "bad host" })).toBe(false);
  });

  it("refuses a page of another origin, another local port included", () => {
    expect(mayReceiveLocalToken({ ...local, origin: "http://attacker.example" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, origin: "http://127.0.0.1:5173" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, origin: "null" })).toBe(false);
    expect(mayReceiveLocalToken({ ...local, origin: "https://127.0.0.1:4000" })).toBe(false);
  });

  it("counts 127.0.0.0/8 and ::1 as loopback peers, nothing else", () => {
    expect(isLoopbackAddress("127.8.9.10")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("192.168.1.2")).toBe(false);
    expect(isLoopbackAddress("::2")).toBe(false);
  });
});
