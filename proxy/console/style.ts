/**
 * The console's one stylesheet, served by the proxy at `/admin/console.css` (the pages allow
 * styles from their own origin only: no inline style, nothing from elsewhere). Visitors never
 * load it: only the console's pages link it. Light and dark follow the system's choice.
 */
import { CHART_DAYS } from './pages/chart.ts';
import { STUDIO_CSS } from './studio/studio-style.ts';

/** The stylesheet's text. */
export const CONSOLE_CSS = `
*{box-sizing:border-box}
:root{--text:#1b1b1b;--muted:#505a5f;--back:#fff;--panel:#f3f2f1;--line:#b1b4b6;--link:#1d70b8;
--received:#1d70b8;--delivered:#00703c;--bad:#b10e1e;--good:#00703c;--focus:#fd0;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--text:#eee;--muted:#c4c4c4;--back:#111;--panel:#1f1f1f;
--line:#6f777b;--link:#8cc4ff;--received:#8cc4ff;--delivered:#5fd39a;--bad:#ff9c9c;--good:#5fd39a}}
body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:var(--text);background:var(--back)}
a{color:var(--link)}a:hover{text-decoration-thickness:3px}
:focus-visible{outline:3px solid var(--link);outline-offset:2px;box-shadow:0 0 0 6px var(--focus)}
.skip{position:absolute;left:-9999px}.skip:focus{position:static;display:inline-block;margin:.5rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;border-bottom:1px solid var(--line);
/* In line with main's content: its 72rem less its padding, centred. */
padding:.5rem max(1rem,calc((100% - 72rem)/2 + 1rem))}
.brand{font-weight:700;margin:0}header nav ul{display:flex;flex-wrap:wrap;gap:0 1rem;list-style:none;margin:0;padding:0}
header nav a{display:inline-block;padding:.6rem .25rem}header nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
header form{margin-left:auto}
main{max-width:72rem;margin:0 auto;padding:1rem 1rem 3rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .75rem}
button,.button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1rem;border:2px solid var(--link);
border-radius:4px;background:var(--back);color:var(--link);cursor:pointer;text-decoration:none;display:inline-block}
button.primary,.button.primary{background:var(--link);color:var(--back)}button.danger{border-color:var(--bad);color:var(--bad)}
label input[type=checkbox]{min-height:0;width:1.5rem;height:1.5rem;margin:0 .5rem 0 0;vertical-align:middle}
input,select{font:inherit;min-height:44px;padding:.4rem .5rem;border:2px solid var(--muted);border-radius:4px;
background:var(--back);color:var(--text);max-width:100%}
label{display:block;font-weight:600;margin-bottom:.25rem}
.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;margin-bottom:1rem}
.filters div{min-width:0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem;margin:0;padding:0;list-style:none}
.cards li{background:var(--panel);padding:.75rem;border-radius:4px}.cards strong{display:block;font-size:1.3rem}
.notice{border-left:6px solid var(--bad);background:var(--panel);padding:.75rem 1rem;margin:1rem 0}
.notice.good{border-color:var(--good)}.notice p{margin:.25rem 0}
/* Columns as wide as what they hold, words never broken: a table too wide scrolls on its own. */
.table{overflow-x:auto}table{border-collapse:collapse;width:100%}caption{text-align:left}
th,td{text-align:left;vertical-align:top;padding:.5rem .25rem;border-bottom:1px solid var(--line)}
th{font-weight:600}.day{white-space:nowrap}
dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:break-word}
/* The chart: counts left of the bars, days under them, in the page's own type at any width. */
.chart{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem .5rem;margin:1.5rem 0 0;font-size:.875rem}
.chart svg{grid-column:2;width:100%;height:12rem}.chart .received{fill:var(--received)}
.chart .delivered{fill:var(--delivered)}.chart line{stroke:var(--line)}.chart .axis{stroke:var(--muted)}
.chart__counts{display:flex;flex-direction:column;justify-content:space-between;text-align:right;margin:-.75em 0}
.chart__days{grid-column:2;display:grid;grid-template-columns:repeat(${CHART_DAYS},minmax(0,1fr))}
.chart__days span{justify-self:center;white-space:nowrap}.chart__days span:first-child{justify-self:start}
.chart__days span:last-child{justify-self:end}
.legend{display:flex;gap:1.5rem;list-style:none;padding:0;margin:.5rem 0}
.key{display:inline-block;width:1rem;height:1rem;margin-right:.4rem;vertical-align:-.15rem}
.key.received{background:var(--received)}.key.delivered{background:var(--delivered)}
/* The funnel's charts: a bar a line, its name above it, beside the table with its numbers. */
.funnel-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,24rem),1fr));gap:1rem 2rem;align-items:start}
.bars{display:grid;gap:.6rem;margin:1rem 0}
.bars__row{display:grid;grid-template-columns:minmax(0,1fr) 8.5rem;gap:.1rem .5rem;align-items:center}
.bars__label{grid-column:1/-1;font-weight:600}.bars__bar{width:100%;height:1.25rem}
.bars__note{white-space:nowrap;font-size:.875rem}
.bars__track{fill:var(--panel)}.bars__value{fill:var(--received)}.bars__value--second{fill:var(--delivered)}
.bars__part{fill:var(--bad)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1rem 0}.actions form{margin:0}
.pager{display:flex;gap:1rem;margin:1rem 0}.muted{color:var(--muted)}.typed{white-space:pre-wrap;margin:0}section.unfinished{border-top:1px solid var(--line);margin-top:1.5rem}
.state{font-weight:600;white-space:nowrap}
.sign-in{max-width:24rem;margin-bottom:2rem}.sign-in input{width:100%}.sign-in p{margin:0 0 1rem}
.error{color:var(--bad);font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.inline{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0}.stack{max-width:30rem}
.stack input{width:100%}.stack label{margin-top:1rem}.stack button{margin-top:1rem}
.who{margin:0}code.link,.address{overflow-wrap:anywhere}
details summary{cursor:pointer;min-height:44px;padding:.6rem 0}
/* A phone: each row a block of its cells, each after its column's name (hidden from screen
   readers, which have the table's own headers), so that nothing is broken inside a word. */
@media (max-width:40rem){
.table table,.table caption,.table tbody,.table tr{display:block}
.table td,.table th[scope=row]{display:flow-root}
.table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.table tr{padding:.5rem 0;border-bottom:1px solid var(--line)}
.table td,.table th[scope=row]{border:0;padding:.15rem 0 .15rem 9rem}
.table td::before,.table th[scope=row]::before{content:attr(data-label);content:attr(data-label) / "";
float:left;box-sizing:border-box;width:9rem;margin-left:-9rem;padding-right:.75rem;font-weight:600}
}
${STUDIO_CSS}`;
