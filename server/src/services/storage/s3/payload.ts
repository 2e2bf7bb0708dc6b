import { createHash, createHmac, type Hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { s3Errors } from './errors.ts';
import { emptySha256, sameHex, scopeOf, type ClientSignature } from './sigv4.ts';

/**
 * The bytes of an S3 request body, checked as S3 checks them while they stream (nothing is
 * held in memory): a hex `x-amz-content-sha256` is compared with the body's SHA-256; an
 * `aws-chunked` body (STREAMING-…) is decoded, each chunk's signature chained from the
 * request's (AWS's "Signature Calculations … in Multiple Chunks"), and a trailing or header
 * checksum (`x-amz-checksum-crc32|sha1|sha256`) verified. A failed check errors the stream at
 * its end, so what was written of it is discarded by the caller.
 */
export interface PayloadCheck {
  signature: ClientSignature;
  /** The signing key, to verify chunk and trailer signatures. */
  key: Buffer;
  headers: IncomingHttpHeaders;
}

const checksumAlgorithms = ['crc32', 'crc32c', 'crc64nvme', 'sha1', 'sha256'] as const;

class Checksum {
  readonly #algorithm: string;
  #crc = 0;
  readonly #hash: Hash | null;
  constructor(algorithm: string) {
    this.#algorithm = algorithm;
    this.#hash = algorithm === 'sha1' || algorithm === 'sha256' ? createHash(algorithm) : null;
  }
  update(chunk: Buffer): void {
    if (this.#algorithm === 'crc32') this.#crc = crc32(chunk, this.#crc);
    else this.#hash?.update(chunk);
  }
  /** Base64 of the digest, or null for an algorithm Node cannot compute (crc32c, crc64nvme: not checked). */
  digest(): string | null {
    if (this.#algorithm === 'crc32') {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(this.#crc >>> 0);
      return out.toString('base64');
    }
    return this.#hash ? this.#hash.digest('base64') : null;
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class PayloadDecoder extends Transform {
  readonly #check: PayloadCheck;
  readonly #chunked: boolean;
  readonly #signedChunks: boolean;
  readonly #bodyHash: Hash | null;
  #checksum: { algorithm: string; expected: string | null; running: Checksum } | null = null;
  /** Chunked decoding state. */
  #buffer: Buffer = Buffer.alloc(0);
  #state: 'header' | 'data' | 'data-end' | 'trailer' | 'done' = 'header';
  #remaining = 0;
  #chunkSignature = '';
  #chunkHash: Hash | null = null;
  #previousSignature: string;
  #trailerLines: string[] = [];
  decodedLength = 0;

  constructor(check: PayloadCheck) {
    super();
    this.#check = check;
    const hash = check.signature.payloadHash;
    this.#chunked = hash.startsWith('STREAMING-');
    this.#signedChunks = hash.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD');
    if (
      this.#chunked &&
      !['STREAMING-UNSIGNED-PAYLOAD-TRAILER', 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD', 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER'].includes(
        hash,
      )
    )
      throw s3Errors.invalidArgument(
        `x-amz-content-sha256 must be a SHA-256, UNSIGNED-PAYLOAD or a supported STREAMING- value, got ${hash}`,
      );
    if (!this.#chunked && hash !== 'UNSIGNED-PAYLOAD' && !/^[0-9a-f]{64}$/.test(hash))
      throw s3Errors.invalidArgument('x-amz-content-sha256 must be the hex SHA-256 of the body');
    this.#bodyHash = /^[0-9a-f]{64}$/.test(hash) ? createHash('sha256') : null;
    this.#previousSignature = check.signature.signature;
    const trailer = headerValue(check.headers, 'x-amz-trailer')?.trim().toLowerCase();
    for (const algorithm of checksumAlgorithms) {
      const name = `x-amz-checksum-${algorithm}`;
      const inHeader = headerValue(check.headers, name);
      if (inHeader !== undefined || trailer === name)
        this.#checksum = { algorithm, expected: inHeader ?? null, running: new Checksum(algorithm) };
    }
  }

  #emit(data: Buffer): void {
    this.decodedLength += data.length;
    this.#bodyHash?.update(data);
    this.#checksum?.running.update(data);
    this.#chunkHash?.update(data);
    this.push(data);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      if (!this.#chunked) this.#emit(chunk);
      else this.#decode(chunk);
      callback();
    } catch (error: unknown) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Reads a CRLF-terminated line from the buffer, or null until one has arrived (at most 4 KiB). */
  #line(): string | null {
    const end = this.#buffer.indexOf('\r\n');
    if (end < 0) {
      if (this.#buffer.length > 4096) throw s3Errors.invalidRequest('Malformed aws-chunked body');
      return null;
    }
    const line = this.#buffer.subarray(0, end).toString('latin1');
    this.#buffer = this.#buffer.subarray(end + 2);
    return line;
  }

  #decode(input: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? input : Buffer.concat([this.#buffer, input]);
    for (;;) {
      if (this.#state === 'header') {
        const line = this.#line();
        if (line === null) return;
        const [size = '', ...extensions] = line.split(';');
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw s3Errors.invalidRequest('Malformed aws-chunked body');
        this.#remaining = Number.parseInt(size, 16);
        this.#chunkSignature = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? '';
        if (this.#signedChunks && !this.#chunkSignature) throw s3Errors.signatureDoesNotMatch();
        this.#chunkHash = this.#signedChunks ? createHash('sha256') : null;
        if (this.#remaining === 0) {
          this.#verifyChunk();
          this.#state = 'trailer';
        } else this.#state = 'data';
      } else if (this.#state === 'data') {
        if (this.#buffer.length === 0) return;
        const take = this.#buffer.subarray(0, this.#remaining);
        this.#buffer = this.#buffer.subarray(take.length);
        this.#remaining -= take.length;
        this.#emit(Buffer.from(take));
        if (this.#remaining > 0) return;
        this.#state = 'data-end';
      } else if (this.#state === 'data-end') {
        const line = this.#line();
        if (line === null) return;
        if (line !== '') throw s3Errors.invalidRequest('Malformed aws-chunked body');
        this.#verifyChunk();
        this.#state = 'header';
      } else if (this.#state === 'trailer') {
        const line = this.#line();
        if (line === null) return;
        if (line === '') {
          this.#state = 'done';
          continue;
        }
        this.#trailerLines.push(line);
      } else {
        if (this.#buffer.some((b) => b !== 0x0d && b !== 0x0a)) throw s3Errors.invalidRequest('Data after the end of an aws-chunked body');
        this.#buffer = Buffer.alloc(0);
        return;
      }
    }
  }

  #verifyChunk(): void {
    if (!this.#signedChunks || !this.#chunkHash) return;
    const { signature, key } = this.#check;
    const stringToSign = [
      'AWS4-HMAC-SHA256-PAYLOAD',
      signature.amzDate,
      scopeOf(signature),
      this.#previousSignature,
      emptySha256,
      this.#chunkHash.digest('hex'),
    ].join('\n');
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (!sameHex(expected, this.#chunkSignature)) throw s3Errors.signatureDoesNotMatch();
    this.#previousSignature = this.#chunkSignature;
    this.#chunkHash = null;
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (this.#chunked) this.#finishChunked();
      if (this.#bodyHash && this.#bodyHash.digest('hex') !== this.#check.signature.payloadHash) throw s3Errors.contentShaMismatch();
      if (this.#checksum) {
        const actual = this.#checksum.running.digest();
        if (this.#checksum.expected === null)
          throw s3Errors.invalidRequest(`The trailing x-amz-checksum-${this.#checksum.algorithm} is missing`);
        if (actual !== null && actual !== this.#checksum.expected) throw s3Errors.badDigest(this.#checksum.algorithm.toUpperCase());
      }
      callback();
    } catch (error: unknown) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #finishChunked(): void {
    if (this.#state !== 'done' && !(this.#state === 'trailer' && this.#buffer.length === 0 && this.#trailerLines.length === 0))
      throw s3Errors.incompleteBody();
    const declared = headerValue(this.#check.headers, 'x-amz-decoded-content-length');
    if (declared !== undefined && Number(declared) !== this.decodedLength) throw s3Errors.incompleteBody();
    const trailers = this.#trailerLines.filter((l) => !l.startsWith('x-amz-trailer-signature:'));
    if (this.#check.signature.payloadHash.endsWith('-TRAILER') && this.#signedChunks) {
      const given =
        this.#trailerLines.find((l) => l.startsWith('x-amz-trailer-signature:'))?.slice('x-amz-trailer-signature:'.length) ?? '';
      const { signature, key } = this.#check;
      const stringToSign = [
        'AWS4-HMAC-SHA256-TRAILER',
        signature.amzDate,
        scopeOf(signature),
        this.#previousSignature,
        createHash('sha256')
          .update(trailers.map((l) => `${l}\n`).join(''))
          .digest('hex'),
      ].join('\n');
      if (!sameHex(createHmac('sha256', key).update(stringToSign).digest('hex'), given.trim())) throw s3Errors.signatureDoesNotMatch();
    }
    for (const line of trailers) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (this.#checksum && name === `x-amz-checksum-${this.#checksum.algorithm}`) this.#checksum.expected = line.slice(colon + 1).trim();
    }
  }
}
