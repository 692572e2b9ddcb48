// argon2id (the library's default algorithm) with its default cost. The native module is loaded
// at the first use, not at start, where it took a tenth of the time to the first answer.
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const lib = () => (argon2 ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await lib()).hash(password);

// Verifying against a fixed hash when the user is unknown keeps both answers equally slow. It is
// made soon after start, so the first unknown login does not pay for it.
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('kompass-studio-unknown-user'));
setTimeout(() => void dummyHash(), 1000).unref();

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  try {
    return await (await lib()).verify(passwordHash ?? (await dummyHash()), password);
  } catch {
    return false;
  }
}
