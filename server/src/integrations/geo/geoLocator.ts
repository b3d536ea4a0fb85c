import maxmind, { type Reader, type Response } from 'maxmind';

export interface GeoPlace {
  country: string;
  state: string;
  city: string;
}

export interface GeoLocator {
  /** Where a visitor is, from the GeoIP database, else from a trusted CDN's headers, else nowhere. */
  locate(ip: string, headers: Record<string, string | string[] | undefined>): GeoPlace;
  close(): void;
}

const nowhere: GeoPlace = { country: '', state: '', city: '' };

/** MaxMind GeoIP2 City/Country records, and the flat `country_code` records of ip-location-db. */
type GeoRecord = Response & {
  country?: { iso_code?: string };
  subdivisions?: { iso_code?: string; names?: { en?: string } }[];
  city?: { names?: { en?: string } };
  country_code?: string;
};

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().slice(0, 100) ?? '';
};

/** Country, region and city headers of CDNs that set them (Cloudflare, Vercel, CloudFront, Fastly-style). */
function fromCdnHeaders(headers: Record<string, string | string[] | undefined>): GeoPlace {
  const country =
    header(headers, 'cf-ipcountry') || header(headers, 'x-vercel-ip-country') || header(headers, 'cloudfront-viewer-country');
  const state =
    header(headers, 'cf-region-code') ||
    header(headers, 'x-vercel-ip-country-region') ||
    header(headers, 'cloudfront-viewer-country-region');
  const city = decodeURIComponent(
    header(headers, 'cf-ipcity') || header(headers, 'x-vercel-ip-city') || header(headers, 'cloudfront-viewer-city'),
  );
  // Cloudflare marks unknown and Tor visitors with XX and T1.
  return { country: country === 'XX' || country === 'T1' ? '' : country.toUpperCase(), state, city };
}

/**
 * Opens the MaxMind-format database at `databasePath` when given. CDN headers are trusted only
 * behind a proxy the operator vouches for (TRUST_PROXY); otherwise anyone could send them.
 */
export async function createGeoLocator(options: { databasePath?: string | undefined; trustProxy: boolean }): Promise<GeoLocator> {
  const reader: Reader<GeoRecord> | undefined = options.databasePath
    ? await maxmind.open<GeoRecord>(options.databasePath)
    : undefined;
  return {
    locate(ip, headers) {
      if (reader && maxmind.validate(ip)) {
        const record = reader.get(ip);
        if (record) {
          const subdivision = record.subdivisions?.[0];
          return {
            country: (record.country?.iso_code ?? record.country_code ?? '').toUpperCase(),
            state: subdivision?.names?.en ?? subdivision?.iso_code ?? '',
            city: record.city?.names?.en ?? '',
          };
        }
      }
      return options.trustProxy ? fromCdnHeaders(headers) : nowhere;
    },
    close: () => undefined,
  };
}
