import crypto from 'node:crypto';
import { deviceTokenHash } from '../device/device.service';

/** A new device token (32 random bytes, base64url) and the SHA-256 hex stored in controllers.device_token_hash. */
export function newDeviceToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: deviceTokenHash(token) };
}
