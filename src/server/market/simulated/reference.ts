/**
 * Reference data of the simulated market: one row per symbol of the built-in lists (shared/market/localStocks.ts
 * gives the names and exchanges). Price levels, market caps and P/E ratios are rounded, realistic orders of magnitude
 * for illustration only; the simulated prices wander around `price` with the given volatility and yearly growth.
 */
export interface ReferenceRow {
  /** Typical price level the random walk reverts to (at the start of 2026). */
  price: number;
  /** Annualized volatility, e.g. 0.25 for 25%. */
  vol: number;
  /**
   * Sensitivity to the common market factor: a 1 % market move moves the price by `beta` % on average, as a beta
   * measured against SPY would show (real large caps: about 0.8-1.5 for big tech, 0.4-0.6 for staples).
   */
  beta: number;
  /** A fund or index that follows one sector: it carries that sector's factor too (the Nasdaq's tech tilt). */
  tracks?: string;
  /** Long-run yearly drift of the price level, e.g. 0.08 for 8% a year. */
  growth: number;
  /** Average daily volume (shares, or traded value for indices and crypto). */
  volume: number;
  sector: string | null;
  /** Market capitalisation at `price`; scales with the simulated price. Null for funds and indices. */
  cap: number | null;
  /** Trailing P/E at `price`; scales with the simulated price. Null when there is none. */
  pe: number | null;
  description: string;
}

const B = 1e9;
const T = 1e12;
const M = 1e6;

export const REFERENCE: Readonly<Record<string, ReferenceRow>> = {
  SPY: { price: 600, vol: 0.16, beta: 1, growth: 0.08, volume: 60 * M, sector: null, cap: null, pe: null,
    description: 'The SPDR S&P 500 ETF Trust is the oldest and most traded exchange-traded fund in the United States. It holds the 500 companies of the S&P 500 index in the same weights, giving one-ticket exposure to large-cap US stocks across every sector.' },
  QQQ: { price: 520, vol: 0.2, beta: 1.15, tracks: 'Technology', growth: 0.1, volume: 35 * M, sector: null, cap: null, pe: null,
    description: 'The Invesco QQQ Trust tracks the Nasdaq-100 index: the hundred largest non-financial companies listed on Nasdaq. It is heavily weighted toward technology and communication names such as Apple, Microsoft, NVIDIA, Amazon and Alphabet.' },
  VOO: { price: 550, vol: 0.16, beta: 1, growth: 0.08, volume: 5 * M, sector: null, cap: null, pe: null,
    description: 'The Vanguard S&P 500 ETF follows the S&P 500 index at a very low expense ratio. Long-term investors use it as a core holding for broad exposure to large US companies.' },
  IWM: { price: 225, vol: 0.22, beta: 1.15, growth: 0.06, volume: 30 * M, sector: null, cap: null, pe: null,
    description: 'The iShares Russell 2000 ETF tracks about two thousand small-cap US companies. It is the usual benchmark for smaller domestic businesses and tends to swing more than large-cap funds.' },
  DIA: { price: 440, vol: 0.15, beta: 0.92, growth: 0.07, volume: 3 * M, sector: null, cap: null, pe: null,
    description: 'The SPDR Dow Jones Industrial Average ETF Trust holds the thirty blue-chip stocks of the Dow Jones Industrial Average, weighted by share price like the index itself.' },
  '^IXIC': { price: 19_500, vol: 0.2, beta: 1.15, tracks: 'Technology', growth: 0.1, volume: 8 * B, sector: null, cap: null, pe: null,
    description: 'The NASDAQ Composite is a market-cap-weighted index of nearly every stock listed on the Nasdaq exchange, more than three thousand companies. Its technology tilt makes it a common gauge of the growth and tech sectors.' },
  '^DJI': { price: 44_000, vol: 0.15, beta: 0.92, growth: 0.07, volume: 400 * M, sector: null, cap: null, pe: null,
    description: 'The Dow Jones Industrial Average is a price-weighted index of thirty large, well-established US companies. Dating from 1896, it is one of the oldest and most quoted stock market indicators.' },
  '^GSPC': { price: 6_000, vol: 0.16, beta: 1, growth: 0.08, volume: 4 * B, sector: null, cap: null, pe: null,
    description: 'The S&P 500 is a market-cap-weighted index of 500 leading US companies, covering about four fifths of the value of the US stock market. It is the most widely used benchmark for US equities.' },
  'BTC-USD': { price: 95_000, vol: 0.55, beta: 1.4, growth: 0.15, volume: 30 * B, sector: null, cap: 1.9 * T, pe: null,
    description: 'Bitcoin is the first and largest cryptocurrency, a decentralised digital currency with a fixed supply cap of 21 million coins. It trades around the clock on exchanges worldwide; this pair is quoted in US dollars.' },
  AAPL: { price: 230, vol: 0.26, beta: 1.15, growth: 0.1, volume: 55 * M, sector: 'Technology', cap: 3.5 * T, pe: 35,
    description: 'Apple Inc. designs and sells the iPhone, Mac, iPad, Apple Watch and AirPods, and earns a growing share of its profit from services such as the App Store, iCloud, Apple Music and Apple Pay. It is headquartered in Cupertino, California.' },
  MSFT: { price: 420, vol: 0.24, beta: 1.1, growth: 0.11, volume: 22 * M, sector: 'Technology', cap: 3.1 * T, pe: 35,
    description: 'Microsoft Corporation develops software, cloud and AI services, including Azure, Microsoft 365, Windows, LinkedIn, GitHub and the Xbox gaming business. Azure is one of the two largest public cloud platforms.' },
  GOOGL: { price: 175, vol: 0.3, beta: 1.1, growth: 0.1, volume: 28 * M, sector: 'Communication Services', cap: 2.15 * T, pe: 23,
    description: 'Alphabet Inc. is the parent company of Google, whose search, YouTube, Android, Chrome and Maps products serve billions of users. Most revenue comes from advertising, with Google Cloud and other bets growing alongside.' },
  AMZN: { price: 200, vol: 0.32, beta: 1.25, growth: 0.12, volume: 40 * M, sector: 'Consumer Cyclical', cap: 2.1 * T, pe: 42,
    description: 'Amazon.com, Inc. runs the largest online retail marketplace in the West, the Prime subscription, a fast-growing advertising business and Amazon Web Services, the leading cloud infrastructure provider.' },
  NVDA: { price: 135, vol: 0.45, beta: 1.25, growth: 0.25, volume: 250 * M, sector: 'Technology', cap: 3.3 * T, pe: 52,
    description: 'NVIDIA Corporation designs graphics processors and accelerated computing platforms. Its data-center GPUs and CUDA software are the standard hardware for training and running AI models, alongside its gaming and automotive chips.' },
  META: { price: 580, vol: 0.38, beta: 1.3, growth: 0.14, volume: 14 * M, sector: 'Communication Services', cap: 1.47 * T, pe: 27,
    description: 'Meta Platforms, Inc. owns Facebook, Instagram, WhatsApp and Messenger, funded almost entirely by advertising. Its Reality Labs unit builds virtual and augmented reality devices.' },
  TSLA: { price: 250, vol: 0.6, beta: 1.8, growth: 0.12, volume: 95 * M, sector: 'Consumer Cyclical', cap: 800 * B, pe: 110,
    description: 'Tesla, Inc. designs and builds electric vehicles, battery energy storage and solar products. It also develops driver-assistance software and humanoid robots, which investors weigh heavily in its valuation.' },
  AVGO: { price: 170, vol: 0.42, beta: 1.3, growth: 0.18, volume: 25 * M, sector: 'Technology', cap: 800 * B, pe: 85,
    description: 'Broadcom Inc. makes semiconductors for networking, broadband, storage and wireless, including custom AI accelerators for large cloud companies, and sells infrastructure software after acquiring VMware.' },
  ORCL: { price: 170, vol: 0.33, beta: 1.1, growth: 0.12, volume: 9 * M, sector: 'Technology', cap: 470 * B, pe: 44,
    description: 'Oracle Corporation sells database software, enterprise applications and cloud infrastructure. Its cloud business has grown quickly on demand for AI training capacity.' },
  ADBE: { price: 480, vol: 0.32, beta: 1.2, growth: 0.06, volume: 3 * M, sector: 'Technology', cap: 210 * B, pe: 40,
    description: 'Adobe Inc. makes creative and document software sold by subscription, including Photoshop, Illustrator, Premiere Pro and Acrobat, plus marketing tools through Adobe Experience Cloud.' },
  CRM: { price: 290, vol: 0.33, beta: 1.2, growth: 0.07, volume: 6 * M, sector: 'Technology', cap: 280 * B, pe: 48,
    description: 'Salesforce, Inc. is the largest customer-relationship-management software company. Its cloud products cover sales, service, marketing, analytics with Tableau and collaboration with Slack.' },
  AMD: { price: 150, vol: 0.5, beta: 1.6, growth: 0.12, volume: 45 * M, sector: 'Technology', cap: 243 * B, pe: 120,
    description: 'Advanced Micro Devices, Inc. designs CPUs and GPUs for PCs, game consoles and data centers. Its EPYC server processors and Instinct AI accelerators compete with Intel and NVIDIA.' },
  INTC: { price: 22, vol: 0.45, beta: 1.1, growth: -0.02, volume: 60 * M, sector: 'Technology', cap: 95 * B, pe: null,
    description: 'Intel Corporation designs and manufactures x86 processors for PCs and servers and is building a contract chip-manufacturing business. It is in the middle of a costly turnaround, with recent losses.' },
  CSCO: { price: 58, vol: 0.22, beta: 0.9, growth: 0.05, volume: 18 * M, sector: 'Technology', cap: 232 * B, pe: 24,
    description: 'Cisco Systems, Inc. sells networking equipment such as routers and switches, together with security, collaboration and observability software including Webex and Splunk.' },
  IBM: { price: 215, vol: 0.24, beta: 0.75, growth: 0.06, volume: 4 * M, sector: 'Technology', cap: 198 * B, pe: 31,
    description: 'International Business Machines Corporation provides hybrid-cloud software, Red Hat, AI tools, consulting and mainframe systems to large enterprises and governments.' },
  QCOM: { price: 165, vol: 0.36, beta: 1.25, growth: 0.07, volume: 8 * M, sector: 'Technology', cap: 183 * B, pe: 18,
    description: 'QUALCOMM Incorporated designs the Snapdragon processors and modems used in most Android phones and licenses a large portfolio of wireless patents. It is expanding into PCs and automotive chips.' },
  MU: { price: 100, vol: 0.5, beta: 1.5, growth: 0.08, volume: 20 * M, sector: 'Technology', cap: 111 * B, pe: 25,
    description: 'Micron Technology, Inc. manufactures DRAM and NAND memory chips, including the high-bandwidth memory used in AI accelerators. Its earnings follow the famously cyclical memory market.' },
  NFLX: { price: 850, vol: 0.35, beta: 1.2, growth: 0.15, volume: 3.5 * M, sector: 'Communication Services', cap: 365 * B, pe: 48,
    description: 'Netflix, Inc. is the largest subscription streaming service, with hundreds of millions of paid memberships in over 190 countries, an advertising tier and a growing live-events and games offering.' },
  PLTR: { price: 75, vol: 0.65, beta: 2.0, growth: 0.25, volume: 70 * M, sector: 'Technology', cap: 170 * B, pe: 350,
    description: 'Palantir Technologies Inc. builds data-integration and analytics platforms, Gotham for government and defence and Foundry and AIP for businesses, used to run AI on an organisation\'s own data.' },
  SNOW: { price: 160, vol: 0.5, beta: 1.5, growth: 0.06, volume: 5 * M, sector: 'Technology', cap: 53 * B, pe: null,
    description: 'Snowflake Inc. offers a cloud data platform for storing, sharing and analysing data across Amazon, Microsoft and Google clouds, billed by consumption. It is not yet profitable on a GAAP basis.' },
  SHOP: { price: 110, vol: 0.5, beta: 1.8, growth: 0.12, volume: 8 * M, sector: 'Technology', cap: 140 * B, pe: 100,
    description: 'Shopify Inc. provides the commerce software millions of merchants use to run online stores, point-of-sale systems and payments, from small shops to large brands.' },
  UBER: { price: 72, vol: 0.4, beta: 1.3, growth: 0.1, volume: 18 * M, sector: 'Technology', cap: 152 * B, pe: 36,
    description: 'Uber Technologies, Inc. runs the largest ride-hailing network together with Uber Eats food delivery and Uber Freight, connecting riders, couriers and drivers in more than 70 countries.' },
  ABNB: { price: 135, vol: 0.38, beta: 1.3, growth: 0.06, volume: 5 * M, sector: 'Consumer Cyclical', cap: 86 * B, pe: 47,
    description: 'Airbnb, Inc. operates an online marketplace for short-term stays and experiences, earning fees from millions of hosts and guests worldwide.' },
  SPOT: { price: 450, vol: 0.42, beta: 1.3, growth: 0.15, volume: 2 * M, sector: 'Communication Services', cap: 90 * B, pe: 120,
    description: 'Spotify Technology S.A. runs the largest audio streaming service, with music, podcasts and audiobooks offered on free ad-supported and premium subscription tiers.' },
  TSM: { price: 195, vol: 0.38, beta: 1.3, growth: 0.15, volume: 15 * M, sector: 'Technology', cap: 1 * T, pe: 29,
    description: 'Taiwan Semiconductor Manufacturing Company Limited is the world\'s largest contract chipmaker, producing the most advanced processors for Apple, NVIDIA, AMD and many others.' },
  ASML: { price: 720, vol: 0.4, beta: 1.3, growth: 0.08, volume: 1.5 * M, sector: 'Technology', cap: 285 * B, pe: 37,
    description: 'ASML Holding N.V. builds the lithography machines that print circuits on silicon wafers and is the only supplier of the extreme-ultraviolet systems needed for leading-edge chips.' },
  ARM: { price: 140, vol: 0.6, beta: 1.8, growth: 0.12, volume: 6 * M, sector: 'Technology', cap: 148 * B, pe: 200,
    description: 'Arm Holdings plc designs the energy-efficient processor architecture inside almost every smartphone and licenses it to chipmakers for phones, PCs, cars and data centers in exchange for royalties.' },
  PYPL: { price: 80, vol: 0.35, beta: 1.3, growth: 0.04, volume: 12 * M, sector: 'Financial Services', cap: 80 * B, pe: 19,
    description: 'PayPal Holdings, Inc. runs digital payment platforms for consumers and merchants, including PayPal checkout, Venmo and Braintree payment processing.' },
  COIN: { price: 270, vol: 0.7, beta: 2.5, growth: 0.1, volume: 10 * M, sector: 'Financial Services', cap: 68 * B, pe: 47,
    description: 'Coinbase Global, Inc. operates the largest regulated cryptocurrency exchange in the United States, with trading, custody, staking and stablecoin services for individuals and institutions.' },
  HOOD: { price: 40, vol: 0.7, beta: 2.2, growth: 0.15, volume: 30 * M, sector: 'Financial Services', cap: 35 * B, pe: 65,
    description: 'Robinhood Markets, Inc. offers commission-free trading of stocks, options and crypto through a mobile-first app, plus retirement accounts, a credit card and a subscription tier.' },
  BABA: { price: 95, vol: 0.4, beta: 0.6, growth: 0.03, volume: 18 * M, sector: 'Consumer Cyclical', cap: 225 * B, pe: 19,
    description: 'Alibaba Group Holding Limited runs China\'s largest e-commerce marketplaces, Taobao and Tmall, along with cloud computing, logistics and international commerce businesses.' },
  T: { price: 22, vol: 0.2, beta: 0.5, growth: 0.04, volume: 35 * M, sector: 'Communication Services', cap: 160 * B, pe: 18,
    description: 'AT&T Inc. provides wireless, fibre broadband and business connectivity services across the United States and is one of the country\'s largest telecom carriers.' },
  VZ: { price: 42, vol: 0.18, beta: 0.4, growth: 0.02, volume: 18 * M, sector: 'Communication Services', cap: 177 * B, pe: 18,
    description: 'Verizon Communications Inc. operates one of the largest US wireless networks and offers Fios home internet and enterprise telecom services. Investors value it for a high dividend.' },
  'BRK.B': { price: 470, vol: 0.16, beta: 0.85, growth: 0.09, volume: 3.5 * M, sector: 'Financial Services', cap: 1 * T, pe: 9.5,
    description: 'Berkshire Hathaway Inc. is a conglomerate built by Warren Buffett, owning insurance businesses such as GEICO, the BNSF railroad, energy utilities and many manufacturers, plus a large stock portfolio.' },
  JPM: { price: 240, vol: 0.22, beta: 1.05, growth: 0.1, volume: 9 * M, sector: 'Financial Services', cap: 675 * B, pe: 13,
    description: 'JPMorgan Chase & Co. is the largest US bank by assets, spanning consumer banking under the Chase brand, investment banking, commercial banking and asset and wealth management.' },
  BAC: { price: 45, vol: 0.26, beta: 1.2, growth: 0.07, volume: 35 * M, sector: 'Financial Services', cap: 345 * B, pe: 16,
    description: 'Bank of America Corporation serves tens of millions of consumer and small-business clients and runs Merrill wealth management and a large global markets and investment banking arm.' },
  GS: { price: 580, vol: 0.28, beta: 1.3, growth: 0.1, volume: 2 * M, sector: 'Financial Services', cap: 180 * B, pe: 17,
    description: 'The Goldman Sachs Group, Inc. is a leading investment bank, advising on mergers, underwriting securities, trading markets and managing assets for institutions and wealthy clients.' },
  V: { price: 310, vol: 0.2, beta: 0.95, growth: 0.1, volume: 6 * M, sector: 'Financial Services', cap: 600 * B, pe: 32,
    description: 'Visa Inc. runs the world\'s largest card payment network, earning a small fee on trillions of dollars of purchases each year without lending money itself.' },
  MA: { price: 520, vol: 0.2, beta: 1.05, growth: 0.11, volume: 2.5 * M, sector: 'Financial Services', cap: 480 * B, pe: 39,
    description: 'Mastercard Incorporated operates a global card payment network connecting consumers, merchants and banks, along with data, fraud-prevention and cross-border payment services.' },
  AXP: { price: 290, vol: 0.26, beta: 1.2, growth: 0.1, volume: 3 * M, sector: 'Financial Services', cap: 205 * B, pe: 21,
    description: 'American Express Company issues premium credit and charge cards and runs its own payment network, earning both card fees and interest from an affluent customer base.' },
  JNJ: { price: 155, vol: 0.16, beta: 0.5, growth: 0.03, volume: 7 * M, sector: 'Healthcare', cap: 373 * B, pe: 25,
    description: 'Johnson & Johnson develops prescription medicines in oncology, immunology and neuroscience and makes medical devices for surgery, orthopaedics and cardiovascular care.' },
  UNH: { price: 520, vol: 0.28, beta: 0.6, growth: 0.06, volume: 4 * M, sector: 'Healthcare', cap: 480 * B, pe: 33,
    description: 'UnitedHealth Group Incorporated is the largest US health insurer through UnitedHealthcare and also runs Optum, a health-services business spanning care delivery, pharmacy benefits and data.' },
  LLY: { price: 800, vol: 0.33, beta: 0.5, growth: 0.2, volume: 3 * M, sector: 'Healthcare', cap: 760 * B, pe: 86,
    description: 'Eli Lilly and Company develops medicines for diabetes, obesity, cancer and immunology. Demand for its GLP-1 drugs Mounjaro and Zepbound has made it the most valuable drugmaker.' },
  PFE: { price: 27, vol: 0.22, beta: 0.55, growth: -0.02, volume: 35 * M, sector: 'Healthcare', cap: 153 * B, pe: 36,
    description: 'Pfizer Inc. discovers and makes medicines and vaccines across oncology, vaccines, internal medicine and rare diseases. Sales fell back after the peak of its COVID-19 products.' },
  MRK: { price: 100, vol: 0.22, beta: 0.4, growth: 0.02, volume: 10 * M, sector: 'Healthcare', cap: 253 * B, pe: 21,
    description: 'Merck & Co., Inc. develops prescription medicines, vaccines and animal-health products. Its cancer immunotherapy Keytruda is one of the best-selling drugs in the world.' },
  ABBV: { price: 180, vol: 0.24, beta: 0.55, growth: 0.07, volume: 6 * M, sector: 'Healthcare', cap: 318 * B, pe: 62,
    description: 'AbbVie Inc. develops medicines in immunology, oncology and neuroscience, including Skyrizi and Rinvoq, and owns the Botox aesthetics franchise.' },
  WMT: { price: 85, vol: 0.2, beta: 0.5, growth: 0.1, volume: 15 * M, sector: 'Consumer Defensive', cap: 683 * B, pe: 37,
    description: 'Walmart Inc. is the world\'s largest retailer by revenue, operating supercenters, Sam\'s Club warehouse stores and a fast-growing e-commerce and advertising business.' },
  PG: { price: 165, vol: 0.16, beta: 0.45, growth: 0.05, volume: 7 * M, sector: 'Consumer Defensive', cap: 390 * B, pe: 28,
    description: 'The Procter & Gamble Company makes everyday household and personal-care brands such as Tide, Pampers, Gillette, Crest and Charmin, sold in about 180 countries.' },
  KO: { price: 68, vol: 0.15, beta: 0.5, growth: 0.04, volume: 14 * M, sector: 'Consumer Defensive', cap: 293 * B, pe: 28,
    description: 'The Coca-Cola Company owns Coca-Cola and hundreds of other beverage brands, selling concentrates to bottlers worldwide. It is known for a long record of dividend increases.' },
  PEP: { price: 150, vol: 0.17, beta: 0.5, growth: 0.02, volume: 6 * M, sector: 'Consumer Defensive', cap: 206 * B, pe: 22,
    description: 'PepsiCo, Inc. makes beverages and snacks, including Pepsi, Gatorade, Lay\'s, Doritos and Quaker, with Frito-Lay providing much of its profit.' },
  COST: { price: 900, vol: 0.22, beta: 0.8, growth: 0.14, volume: 2 * M, sector: 'Consumer Defensive', cap: 400 * B, pe: 54,
    description: 'Costco Wholesale Corporation runs membership warehouse clubs selling a limited range of goods in bulk at low margins; membership fees make up much of its profit.' },
  MCD: { price: 290, vol: 0.18, beta: 0.6, growth: 0.05, volume: 3 * M, sector: 'Consumer Cyclical', cap: 208 * B, pe: 25,
    description: 'McDonald\'s Corporation is the largest fast-food restaurant company, with over 40,000 mostly franchised restaurants earning it rent and royalties.' },
  NKE: { price: 75, vol: 0.32, beta: 1.0, growth: -0.01, volume: 12 * M, sector: 'Consumer Cyclical', cap: 112 * B, pe: 23,
    description: 'NIKE, Inc. designs and markets athletic footwear, apparel and equipment under the Nike, Jordan and Converse brands, sold through retailers and its own stores and apps.' },
  SBUX: { price: 95, vol: 0.3, beta: 0.95, growth: 0.03, volume: 9 * M, sector: 'Consumer Cyclical', cap: 108 * B, pe: 30,
    description: 'Starbucks Corporation roasts coffee and runs more than 38,000 coffeehouses worldwide, with the United States and China as its largest markets.' },
  DIS: { price: 110, vol: 0.28, beta: 1.1, growth: 0.03, volume: 9 * M, sector: 'Communication Services', cap: 200 * B, pe: 40,
    description: 'The Walt Disney Company owns film studios such as Pixar, Marvel and Lucasfilm, the Disney+ and Hulu streaming services, ESPN and theme parks and cruise lines.' },
  HD: { price: 390, vol: 0.22, beta: 1.0, growth: 0.07, volume: 3.5 * M, sector: 'Consumer Cyclical', cap: 387 * B, pe: 26,
    description: 'The Home Depot, Inc. is the largest home-improvement retailer, serving do-it-yourself customers and professional contractors from about 2,300 stores and online.' },
  BA: { price: 170, vol: 0.38, beta: 1.3, growth: 0.02, volume: 8 * M, sector: 'Industrials', cap: 127 * B, pe: null,
    description: 'The Boeing Company builds commercial jetliners, defence and space systems. Production problems and losses in recent years have weighed on its results.' },
  CAT: { price: 370, vol: 0.28, beta: 1.1, growth: 0.09, volume: 2.5 * M, sector: 'Industrials', cap: 178 * B, pe: 17,
    description: 'Caterpillar Inc. is the largest maker of construction and mining equipment, diesel engines and gas turbines, sold through a worldwide dealer network.' },
  GE: { price: 190, vol: 0.3, beta: 1.2, growth: 0.15, volume: 5 * M, sector: 'Industrials', cap: 205 * B, pe: 32,
    description: 'GE Aerospace designs and services jet engines for commercial and military aircraft; its engines power a large share of the world\'s airline fleet.' },
  F: { price: 10.5, vol: 0.35, beta: 1.4, growth: 0, volume: 60 * M, sector: 'Consumer Cyclical', cap: 42 * B, pe: 12,
    description: 'Ford Motor Company builds cars, trucks and commercial vans, including the F-Series pickup, and is investing in electric vehicles through its Model e unit.' },
  RIVN: { price: 13, vol: 0.65, beta: 1.9, growth: 0, volume: 35 * M, sector: 'Consumer Cyclical', cap: 13 * B, pe: null,
    description: 'Rivian Automotive, Inc. designs and builds electric pickup trucks, SUVs and delivery vans. It is still loss-making as it scales production.' },
  XOM: { price: 115, vol: 0.22, beta: 0.8, growth: 0.03, volume: 15 * M, sector: 'Energy', cap: 505 * B, pe: 14,
    description: 'Exxon Mobil Corporation is the largest US oil and gas company, exploring for and producing crude oil and natural gas and refining them into fuels and chemicals.' },
  CVX: { price: 150, vol: 0.22, beta: 0.85, growth: 0.03, volume: 7 * M, sector: 'Energy', cap: 270 * B, pe: 16,
    description: 'Chevron Corporation produces oil and natural gas worldwide and refines and markets fuels, lubricants and petrochemicals.' },
};
