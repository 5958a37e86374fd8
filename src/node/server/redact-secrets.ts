/**
 * Masks the secrets a connection URL can carry anywhere in a text (a log line, an error message, an echoed flag), whether or
 * not the URL is valid: the password of `scheme://user:pass@` (the user name stays), a user-info without `:` (ioredis may read
 * it as a password) and the value of `password=` in a query. Over-masking an odd text is preferred to printing a secret.
 * @example redactSecrets('redis://app:s3cret@db:6379/0?password=x') // 'redis://app:***@db:6379/0?password=***'
 */
export function redactSecrets(text: string): string {
  return (
    text
      .replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)(\S*)@/g, (_match, scheme: string, userInfo: string) => `${scheme}${maskUserInfo(userInfo)}@`)
      // What is left of a URL split by a space (`redis://bad host:pass@x`): any `name:secret@` in one word.
      .replace(/(^|[\s"'(])([^\s"'(:/@]+):([^\s]*)@/g, (match, before: string, name: string, secret: string) =>
        secret.startsWith('//') || secret.startsWith('***') ? match : `${before}${name}:***@`,
      )
      .replace(/((?:^|[?&;\s])(?:password|pass|pwd)=)[^&#\s"']*/gi, '$1***')
  );
}

/**
 * `redactSecrets` for a value that should be a URL but may lack its scheme (`user:pass@host:6379`): everything before
 * the last `@` is then treated as user-info.
 */
export function redactUrlValue(value: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) || !value.includes('@')) return redactSecrets(value);
  const at = value.lastIndexOf('@');
  return redactSecrets(`${maskUserInfo(value.slice(0, at))}${value.slice(at)}`);
}

function maskUserInfo(userInfo: string): string {
  if (userInfo === '') return '';
  const colon = userInfo.indexOf(':');
  return colon === -1 ? '***' : `${userInfo.slice(0, colon)}:***`;
}
