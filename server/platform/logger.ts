import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: {
  level: string;
  pretty?: boolean;
  destination?: DestinationStream;
}): Logger {
  const config = {
    level: options.level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
  };
  if (options.destination) return pino(config, options.destination);
  if (options.pretty) {
    return pino({
      ...config,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(config);
}
