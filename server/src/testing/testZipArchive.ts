import { crc32, deflateRawSync } from 'node:zlib';

/*
 * A small ZIP writer for tests (no runtime dependency): stored or deflated members, and the lies a
 * hostile archive tells (a smaller declared size, an encrypted flag, a path out of its folder), so the
 * reader's checks can be tried on real bytes. Unix modes make links, FIFOs, devices and setuid files.
 */

export interface TestMember {
  name: string;
  data: Buffer | string;
  /** Deflate the bytes (default) or store them. */
  deflate?: boolean;
  /** The uncompressed size the headers declare, when it should not be the true one. */
  declaredSize?: number;
  encrypted?: boolean;
  /** A Unix st_mode (type and permission bits) recorded as made on Unix, e.g. 0o120777 for a symlink. */
  unixMode?: number;
}

export function zipArchive(members: readonly TestMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const data = Buffer.isBuffer(member.data) ? member.data : Buffer.from(member.data);
    const deflate = member.deflate ?? true;
    const body = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(member.name);
    const flags = (member.encrypted ? 1 : 0) | 0x0800; // bit 11: the name is UTF-8
    const size = member.declaredSize ?? data.length;
    const crc = crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(member.unixMode === undefined ? 20 : (3 << 8) | 20, 4); // made by: Unix (3)
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    if (member.unixMode !== undefined) central.writeUInt32LE((member.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
