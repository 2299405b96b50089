/**
 * The simulated Salesforce org of each tenant (the outside world the sync reads; connecting a
 * tenant's Salesforce creates it, and the seed creates Acme's and Globex's): a few hundred leads and opportunities with realistic
 * values for the tenant's Salesforce fields, generated from a PRNG seeded by the tenant id (the
 * same tenant always gets the same org). A few records carry the defects ACE rejects; for Acme they
 * are the records the contract's seeded sync errors name, so the seed tells one story:
 *
 *   Globex Retail - Data Lake Migration  'ten thousand' in AWS_Expected_Monthly_Revenue__c -> Data Type Mismatch (override 44 fixes it)
 *   Initech - SAP on AWS                 StageName 'Needs Assessment' (retired, no ACE value) -> Picklist Standard Value
 *   Umbrella Health (lead)               Status 'Nurturing' (a value of the org's Status, mapped to no ACE value) -> Picklist Standard Value
 *   Stark Industries - Analytics Platform ACE holds it Closed Lost, Salesforce moves it back -> Order of Operations
 *   Wayne Enterprises - Backup Modernisation  held by ACE, deleted in Salesforce         -> Record Not Found (aws_to_salesforce)
 *   Hooli (lead)                         no Status (ACE's mandatory lead status)           -> General ACE Error (REQUIRED_FIELD_MISSING)
 *   Soylent - Contact Center             CloseDate '03/31/2026'                            -> Data Type Mismatch (override 45 fixes it)
 *   Cyberdyne - Edge Inference           no Account.Website; the tenant's website dummy (mapping 7, added after error 8
 *                                        was logged) now gives it one                    -> synced on the next sync
 *
 * Every tenant's org also gets a sprinkling of the same defects (about one record in twenty), so a
 * fresh tenant's first sync has errors to fix too. What ACE held before the seed's first sync (Stark
 * Industries, Wayne Enterprises) is the seed's: see seed/sync-history.ts.
 */
import type { AttributeRow, Entity, SalesforceRecord, State, TenantRow } from '../store/state';

type Value = SalesforceRecord['fields'][string];

/** mulberry32: a small deterministic PRNG. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Diego',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kara',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST = [
  'Anders',
  'Brooks',
  'Chen',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Vargas',
  'Weber',
  'Young',
  'Zhang',
];
const COMPANIES = [
  'Northwind Traders',
  'Contoso',
  'Fabrikam',
  'Tailspin Toys',
  'Adventure Works',
  'Litware',
  'Proseware',
  'Woodgrove Bank',
  'Fourth Coffee',
  'Lamna Healthcare',
  'Alpine Ski House',
  'Blue Yonder Airlines',
  'Coho Winery',
  'Wingtip Toys',
  'Trey Research',
  'Humongous Insurance',
  'Margie Travel',
  'Datum Corp',
  'Graphic Design Institute',
  'Relecloud',
  'VanArsdel',
  'Wide World Importers',
  'Southridge Video',
  'Consolidated Messenger',
];
const PROJECTS = [
  'Data Lake Migration',
  'SAP on AWS',
  'Analytics Platform',
  'Backup Modernisation',
  'Contact Center',
  'Edge Inference',
  'Kubernetes Migration',
  'Serverless APIs',
  'Data Warehouse',
  'HPC Burst',
  'ERP Lift and Shift',
  'Genomics Pipeline',
  'Disaster Recovery',
  'ML Forecasting',
  'Mainframe Modernisation',
  'IoT Telemetry',
];
const CITIES: Array<[string, string, string]> = [
  ['Seattle', 'Washington', '98101'],
  ['Austin', 'Texas', '73301'],
  ['Denver', 'Colorado', '80202'],
  ['Boston', 'Massachusetts', '02108'],
  ['Chicago', 'Illinois', '60601'],
  ['San Jose', 'California', '95113'],
  ['Atlanta', 'Georgia', '30303'],
  ['Portland', 'Oregon', '97204'],
];
const STREETS = [
  'Pike Street',
  'Congress Avenue',
  'Market Street',
  'Main Street',
  'Elm Street',
  'Harbor Way',
];

/** The records the contract's seeded Acme errors name, with the defect that produces each error. */
interface NamedRecord {
  Id: string;
  entity: Entity;
  name: string;
  fields: Record<string, Value>;
}

const ACME_NAMED_RECORDS: NamedRecord[] = [
  {
    Id: '0065g00000XyZ12AAB',
    entity: 'Opportunity',
    name: 'Globex Retail - Data Lake Migration',
    fields: {
      AWS_Expected_Monthly_Revenue__c: 'ten thousand',
      CloseDate: '2026-05-29',
      StageName: 'Closed Won',
    },
  },
  {
    Id: '0065g00000XyZ34AAB',
    entity: 'Opportunity',
    name: 'Initech - SAP on AWS',
    fields: { StageName: 'Needs Assessment', CloseDate: '2026-06-30' },
  },
  {
    Id: '0065g00000XyZ56AAB',
    entity: 'Opportunity',
    name: 'Stark Industries - Analytics Platform',
    fields: { StageName: 'Negotiation/Review', CloseDate: '2026-04-30' },
  },
  {
    Id: '0065g00000XyZ90AAB',
    entity: 'Opportunity',
    name: 'Soylent - Contact Center',
    fields: {
      CloseDate: '03/31/2026',
      StageName: 'Negotiation/Review',
      AWS_Expected_Monthly_Revenue__c: 12000,
    },
  },
  {
    Id: '0065g00000XyZ91AAB',
    entity: 'Opportunity',
    name: 'Cyberdyne - Edge Inference',
    fields: { 'Account.Website': null, CloseDate: '2026-07-15', StageName: 'Proposal/Price Quote' },
  },
  {
    Id: '00Q5g00000ABCDeEAF',
    entity: 'Lead',
    name: 'Umbrella Health',
    fields: { Company: 'Umbrella Health', Status: 'Nurturing', Country: 'USA' },
  },
  {
    Id: '00Q5g00000EFGHiIAJ',
    entity: 'Lead',
    name: 'Hooli',
    fields: { Company: 'Hooli', Status: null },
  },
];
const SIZES: Record<number, { Lead: number; Opportunity: number }> = {
  1: { Lead: 140, Opportunity: 180 },
  2: { Lead: 100, Opportunity: 120 },
};

const BASE_DAY = Date.UTC(2026, 2, 1);
const day = (offset: number) => new Date(BASE_DAY + offset * 86_400_000).toISOString().slice(0, 10);
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An 18-character Salesforce id: 006… opportunities, 00Q… leads; unique per tenant and index. */
function salesforceId(
  entity: Entity,
  tenantId: number,
  index: number,
  random: () => number,
): string {
  const prefix = entity === 'Opportunity' ? '006' : '00Q';
  // Past 36^3 records (a --scale org), five digits of serial and no noise keep 18 characters; the
  // 'Z' (never a tenant digit, which is lower case) keeps them apart from the short serials.
  if (index >= 36 ** 3) return `${prefix}5g0000Z${index.toString(36).padStart(5, '0')}AAB`;
  const serial = index.toString(36).padStart(3, '0');
  const noise = [random(), random()].map((r) => BASE62.charAt(Math.floor(r * 62))).join('');
  return `${prefix}5g0000${tenantId.toString(36).slice(-1)}${serial}${noise}AAB`;
}

interface Context {
  random: () => number;
  pick: <T>(items: readonly T[]) => T;
  int: (min: number, max: number) => number;
  /** ACE picklist choices of the tenant's picklist fields that mirror an ACE picklist. */
  aceChoices: Map<number, string[]>;
}

/**
 * Values of the org's picklists that only the records with defects carry: 'Nurturing' is a lead
 * status the org added lately and the tenant never mapped to ACE, so no other record has it.
 */
const RARE_VALUES: Readonly<Record<string, readonly string[]>> = { Status: ['Nurturing'] };

function picklistValues(field: AttributeRow, context: Context): string[] {
  const rare = RARE_VALUES[field.name] ?? [];
  return (context.aceChoices.get(field.id) ?? Object.keys(field.choices ?? {})).filter(
    (value) => !rare.includes(value),
  );
}

/** Picklist fields whose choices mostly match an ACE picklist get only the values ACE knows. */
function mirroredChoices(state: State, fields: AttributeRow[]): Map<number, string[]> {
  const ace = state.attributes.filter((row) => row.is_aws_ace && row.data_type === 'Picklist');
  const result = new Map<number, string[]>();
  for (const field of fields) {
    const own = Object.keys(field.choices ?? {});
    if (field.data_type !== 'Picklist' || own.length === 0) continue;
    for (const attribute of ace.filter((row) => row.type === field.type)) {
      const known = new Set(Object.keys(attribute.choices ?? {}));
      const shared = own.filter((value) => known.has(value));
      if (shared.length >= Math.max(2, own.length / 2)) {
        result.set(field.id, shared);
        break;
      }
    }
  }
  return result;
}

function fieldValue(field: AttributeRow, record: Record<string, Value>, context: Context): Value {
  const { pick, int } = context;
  const first = record.FirstName as string | undefined;
  const last = record.LastName as string | undefined;
  const company = (record.Company ?? record['Account.Name'] ?? pick(COMPANIES)) as string;
  const domain = `${company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  switch (field.name) {
    case 'Salutation':
      return pick(['Mr.', 'Ms.', 'Dr.', 'Mx.']);
    case 'FirstName':
      return pick(FIRST);
    case 'LastName':
      return pick(LAST);
    case 'MiddleName':
      return null;
    case 'Company':
    case 'Account.Name':
      return pick(COMPANIES);
    case 'Email':
      return `${(first ?? 'info').toLowerCase()}.${(last ?? 'team').toLowerCase()}@${domain}`;
    case 'Website':
    case 'Account.Website':
      return `https://www.${domain}`;
    case 'Phone':
    case 'MobilePhone':
      return `+1 206 555 ${String(int(1000, 9999))}`;
    case 'Title':
      return pick([
        'CTO',
        'VP Engineering',
        'Head of IT',
        'Cloud Architect',
        'Director of Data',
        'CIO',
      ]);
    case 'Street':
    case 'Account.BillingStreet':
      return `${int(1, 999)} ${pick(STREETS)}`;
    case 'City':
    case 'Account.BillingCity':
      return pick(CITIES)[0];
    case 'State':
    case 'Account.BillingState':
      return pick(CITIES)[1];
    case 'PostalCode':
    case 'Account.BillingPostalCode':
      return pick(CITIES)[2];
    case 'Country':
    case 'Account.BillingCountry':
      return 'United States';
    case 'Name':
      return `${company} - ${pick(PROJECTS)}`;
    case 'AWS_Partner_Project_Title__c':
      return pick(PROJECTS);
    case 'Amount':
      return int(20, 600) * 1000;
    case 'AWS_Expected_Monthly_Revenue__c':
      return int(5, 250) * 100;
    case 'Probability':
      return pick([10, 20, 40, 60, 75, 90]);
    case 'AWS_Account_Manager_Email__c':
      return `${pick(FIRST).toLowerCase()}@amazon.com`;
    case 'AWS_Sales_Rep_Name__c':
      return `${pick(FIRST)} ${pick(LAST)}`;
    case 'AWS_Lead_Age__c':
      return int(1, 120);
    case 'AccountId':
      return `0015g0000${int(10_000_000, 99_999_999)}AAA`.slice(0, 18);
    default:
      break;
  }
  switch (field.data_type) {
    case 'Picklist': {
      const values = picklistValues(field, context);
      return values.length > 0 ? pick(values) : null;
    }
    case 'Boolean':
      return context.random() < 0.3;
    case 'Date':
      return day(int(-120, 240));
    case 'Double':
      return int(1, 500) * 100;
    case 'Int':
      return int(1, 50);
    case 'Email':
      return `${pick(FIRST).toLowerCase()}@${domain}`;
    case 'Textarea':
      return `${company} wants to ${pick(['modernise', 'migrate', 'scale', 'secure', 'analyse'])} its ${pick(['data platform', 'ERP', 'contact center', 'workloads', 'analytics'])} on AWS.`;
    default:
      return null;
  }
}

/** The generic defects sprinkled over every org: each one is a way ACE rejects a record. */
const DEFECTS: Record<Entity, Array<(fields: Record<string, Value>) => void>> = {
  Opportunity: [
    (fields) => void (fields.AWS_Expected_Monthly_Revenue__c = 'ten thousand'),
    (fields) => void (fields.CloseDate = '12/15/2026'),
    (fields) => void (fields.StageName = 'Needs Assessment'),
    (fields) => void (fields['Account.Name'] = null),
    (fields) => void (fields.AWS_Industry__c = 'Space Tourism'),
  ],
  Lead: [
    (fields) => void (fields.Status = 'Nurturing'),
    (fields) => void (fields.Status = null),
    (fields) => void (fields.Email = 'not-an-email'),
  ],
};

function generateRecord(
  fields: AttributeRow[],
  entity: Entity,
  id: string,
  context: Context,
): SalesforceRecord {
  const values: Record<string, Value> = {};
  // Names first, so e-mails and titles can use them.
  const ordered = [...fields].sort((a, b) => rank(a.name) - rank(b.name));
  for (const field of ordered)
    values[field.name] = field.name === 'Id' ? id : fieldValue(field, values, context);
  if (entity === 'Opportunity') {
    values.AWS_Target_Close_Date__c = values.CloseDate ?? null;
    const stage = values.StageName;
    values.IsClosed = stage === 'Closed Won' || stage === 'Closed Lost';
    values.IsWon = stage === 'Closed Won';
  }
  return { Id: id, entity, fields: values };
}

const rank = (name: string) =>
  ['FirstName', 'LastName', 'Company', 'Account.Name'].includes(name) ? 0 : 1;

/**
 * The tenant's simulated org, generated deterministically from its id; `sizes` replaces its usual
 * number of leads and opportunities (`--scale`).
 */
export function generateSalesforceOrg(
  state: State,
  tenant: TenantRow,
  sizes: { Lead: number; Opportunity: number } = SIZES[tenant.id] ?? { Lead: 60, Opportunity: 80 },
): SalesforceRecord[] {
  const random = seededRandom(0x5eed + tenant.id * 7919);
  const context: Context = {
    random,
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T,
    int: (min, max) => min + Math.floor(random() * (max - min + 1)),
    aceChoices: new Map(),
  };
  const fields = state.attributes.filter((row) => row.is_salesforce && row.tenantId === tenant.id);
  context.aceChoices = mirroredChoices(state, fields);
  const records: SalesforceRecord[] = [];
  for (const entity of ['Lead', 'Opportunity'] as const) {
    const entityFields = fields.filter((row) => row.type === entity);
    if (entityFields.length === 0) continue;
    for (let index = 0; index < sizes[entity]; index++) {
      const record = generateRecord(
        entityFields,
        entity,
        salesforceId(entity, tenant.id, index, random),
        context,
      );
      if (index % 20 === 7) {
        const defects = DEFECTS[entity];
        defects[Math.floor(index / 20) % defects.length]?.(record.fields);
      }
      records.push(record);
    }
  }
  if (tenant.id === 1) records.push(...namedRecords(fields, context));
  return records;
}

function namedRecords(fields: AttributeRow[], context: Context): SalesforceRecord[] {
  return ACME_NAMED_RECORDS.map((named) => {
    const record = generateRecord(
      fields.filter((row) => row.type === named.entity),
      named.entity,
      named.Id,
      context,
    );
    if (named.entity === 'Opportunity') {
      record.fields.Name = named.name;
      record.fields['Account.Name'] = named.name.split(' - ')[0] ?? named.name;
    } else {
      record.fields.FirstName = 'Morgan';
      record.fields.LastName = 'Reyes';
    }
    Object.assign(record.fields, named.fields);
    if (typeof record.fields.CloseDate === 'string' && /^\d{4}-/.test(record.fields.CloseDate))
      record.fields.AWS_Target_Close_Date__c = record.fields.CloseDate;
    return record;
  });
}
