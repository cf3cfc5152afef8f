/** The demo site's languages and section page names, exactly as docs/product.md §3 decides them. */
export interface SeedLanguage {
  code: string;
  shortCode: string;
  label: string;
  welcome: string;
  population: number;
  enabled: boolean;
  favorite: boolean;
  dir: "ltr" | "rtl";
  sections: Record<"ARTICLES" | "JOBS" | "SEARCH" | "TAGS", [label: string, search: string]> | null;
}

export const seedLanguages: SeedLanguage[] = [
  { code: "en-US", shortCode: "en", label: "English", welcome: "welcome", population: 1456, enabled: true, favorite: true, dir: "ltr", sections: { ARTICLES: ["articles", "blog"], JOBS: ["jobs", "careers"], SEARCH: ["search", "find"], TAGS: ["tags", "topics"] } },
  { code: "fr-FR", shortCode: "fr", label: "Français", welcome: "bienvenue", population: 310, enabled: true, favorite: false, dir: "ltr", sections: { ARTICLES: ["articles", "blog"], JOBS: ["métiers", "metiers"], SEARCH: ["recherche", "search"], TAGS: ["étiquettes", "tags"] } },
  { code: "es-ES", shortCode: "es", label: "Español", welcome: "bienvenido", population: 559, enabled: true, favorite: false, dir: "ltr", sections: { ARTICLES: ["artículos", "articulos"], JOBS: ["empleos", "trabajos"], SEARCH: ["buscar", "search"], TAGS: ["etiquetas", "tags"] } },
  { code: "de-DE", shortCode: "de", label: "Deutsch", welcome: "willkommen", population: 133, enabled: true, favorite: false, dir: "ltr", sections: { ARTICLES: ["artikel", "blog"], JOBS: ["berufe", "jobs"], SEARCH: ["suche", "search"], TAGS: ["schlagwörter", "tags"] } },
  { code: "pt-BR", shortCode: "pt", label: "Português", welcome: "bem-vindo", population: 264, enabled: true, favorite: false, dir: "ltr", sections: { ARTICLES: ["artigos", "blog"], JOBS: ["empregos", "profissoes"], SEARCH: ["busca", "search"], TAGS: ["etiquetas", "tags"] } },
  { code: "ar", shortCode: "ar", label: "العربية", welcome: "مرحبا", population: 274, enabled: true, favorite: false, dir: "rtl", sections: { ARTICLES: ["مقالات", "blog"], JOBS: ["وظائف", "jobs"], SEARCH: ["بحث", "search"], TAGS: ["وسوم", "tags"] } },
  { code: "ja-JP", shortCode: "ja", label: "日本語", welcome: "ようこそ", population: 123, enabled: true, favorite: false, dir: "ltr", sections: { ARTICLES: ["記事", "blog"], JOBS: ["仕事", "jobs"], SEARCH: ["検索", "search"], TAGS: ["タグ", "tags"] } },
  { code: "zh-CN", shortCode: "zh", label: "中文", welcome: "欢迎", population: 1138, enabled: false, favorite: false, dir: "ltr", sections: null },
];
