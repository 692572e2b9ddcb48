import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost.
export const hashPassword = (password: string) => hash(password);

// Verifying against a fixed hash when the user is unknown keeps both answers equally slow.
const dummy = hash('kompass-studio-unknown-user');

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  try {
    return await verify(passwordHash ?? (await dummy), password);
  } catch {
    return false;
  }
}
