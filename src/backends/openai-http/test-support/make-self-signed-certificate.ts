// Test helper: a self-signed X.509 certificate for 127.0.0.1 and localhost, made in-process with node:crypto (an
// ECDSA P-256 key, DER written by hand per RFC 5280), so TLS tests need neither openssl nor a package.
import { generateKeyPairSync, sign } from "node:crypto";

export interface SelfSignedCertificate {
  /** The certificate, PEM: the server's `cert`, and what a client must trust (its `ca`). */
  certificatePem: string;
  /** Its PKCS#8 private key, PEM: the server's `key`. */
  privateKeyPem: string;
}

function length(byteCount: number): Buffer {
  if (byteCount < 0x80) return Buffer.from([byteCount]);
  const bytes: number[] = [];
  for (let rest = byteCount; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER type-length-value. */
function element(tag: number, ...contents: Buffer[]): Buffer {
  const content = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...contents: Buffer[]): Buffer => element(0x30, ...contents);

function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const group = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) group.unshift((value & 0x7f) | 0x80);
    bytes.push(...group);
  }
  return element(0x06, Buffer.from(bytes));
}

/** A positive INTEGER from big-endian bytes. */
function integer(bytes: Buffer): Buffer {
  return element(0x02, (bytes[0] ?? 0) >= 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

/** UTCTime, YYMMDDHHMMSSZ. */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, "").slice(2, 14);
  return element(0x17, Buffer.from(`${text}Z`, "ascii"));
}

/** A Name of one common name. */
function name(commonName: string): Buffer {
  return sequence(
    element(0x31, sequence(objectIdentifier("2.5.4.3"), element(0x0c, Buffer.from(commonName)))),
  );
}

function extension(oid: string, isCritical: boolean, value: Buffer): Buffer {
  const critical = isCritical ? [element(0x01, Buffer.from([0xff]))] : [];
  return sequence(objectIdentifier(oid), ...critical, element(0x04, value));
}

const ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
const DAY_MS = 24 * 60 * 60 * 1000;

export function makeSelfSignedCertificate(commonName = "llm-bench test server"): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const now = Date.now();
  const signatureAlgorithm = sequence(objectIdentifier(ECDSA_WITH_SHA256));
  const subjectAltNames = sequence(
    element(0x87, Buffer.from([127, 0, 0, 1])), // iPAddress
    element(0x82, Buffer.from("localhost", "ascii")), // dNSName
  );
  const toBeSigned = sequence(
    element(0xa0, integer(Buffer.from([2]))), // version 3
    integer(Buffer.from(Array.from({ length: 8 }, () => 1 + Math.floor(Math.random() * 127)))),
    signatureAlgorithm,
    name(commonName),
    sequence(utcTime(new Date(now - DAY_MS)), utcTime(new Date(now + DAY_MS))),
    name(commonName),
    publicKey.export({ type: "spki", format: "der" }),
    element(
      0xa3,
      sequence(
        extension("2.5.29.19", true, sequence(element(0x01, Buffer.from([0xff])))), // basicConstraints: CA
        extension("2.5.29.17", false, subjectAltNames),
      ),
    ),
  );
  const signature = sign("sha256", toBeSigned, privateKey);
  const certificate = sequence(toBeSigned, signatureAlgorithm, element(0x03, Buffer.from([0]), signature));
  const base64Lines = certificate.toString("base64").match(/.{1,64}/g) ?? [];
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64Lines.join("\n")}\n-----END CERTIFICATE-----\n`,
    privateKeyPem: String(privateKey.export({ type: "pkcs8", format: "pem" })),
  };
}
