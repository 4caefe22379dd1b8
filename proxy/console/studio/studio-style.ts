/**
 * The form studio's share of the console's one stylesheet (`style.ts` serves them together):
 * fields on the GOV.UK frame (a label, a hint, the problem in red beside a red-edged box), a
 * text's languages side by side on a wide screen and one under the other on a phone, a missing
 * translation marked, the error summary, lists with their buttons, and the preview's frame.
 */
export const STUDIO_CSS = `
.studio-nav ul{display:flex;flex-wrap:wrap;gap:0 1.25rem;list-style:none;margin:0 0 1rem;padding:0;border-bottom:1px solid var(--line)}
.studio-nav a{display:inline-block;padding:.6rem .1rem}.studio-nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
main h1,main h2{overflow-wrap:anywhere}.lead{font-size:1.1rem;max-width:44rem}.back{display:inline-block;padding:.5rem 0}
.status-box{background:var(--panel);padding:.75rem 1rem;border-radius:4px;margin:1rem 0}.status-box p{margin:.25rem 0}
.error-summary{border:4px solid var(--bad);padding:1rem;margin:1rem 0 1.5rem}.error-summary h2{margin:0 0 .5rem;font-size:1.2rem}
.error-summary ul{margin:0;padding-left:1.25rem}.error-summary li{margin:.25rem 0}.error-summary a{color:var(--bad);font-weight:600}
.studio-form{max-width:60rem}.field{margin:0 0 1.5rem;border:0;padding:0;min-width:0}
.field>label,.field>legend,.label{display:block;font-weight:700;margin:0 0 .25rem;padding:0}
.hint{color:var(--muted);margin:0 0 .35rem}.error{margin:0 0 .35rem}
.invalid{border-left:5px solid var(--bad);padding-left:.75rem}.invalid>input,.invalid>textarea,.invalid .with-unit input{border-color:var(--bad)}
textarea{font:inherit;width:100%;padding:.4rem .5rem;border:2px solid var(--muted);border-radius:4px;background:var(--back);color:var(--text)}
.field input:not([type=checkbox]):not([type=radio]):not(.number),.field textarea{width:100%;max-width:40rem}
.number{width:8rem}.with-unit{display:inline-flex;gap:.5rem;align-items:center}
.langs{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr));gap:.75rem 1.25rem}
.lang label{font-weight:600}.lang.missing input,.lang.missing textarea{border-style:dashed}
.tag{display:inline-block;font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;padding:0 .35rem;border:2px solid var(--bad);color:var(--bad);border-radius:3px}
.tag.live{border-color:var(--good);color:var(--good)}
.choice{display:flex;gap:.6rem;align-items:flex-start;min-height:44px;padding:.35rem 0}
.choice input{width:1.5rem;height:1.5rem;min-height:0;margin:.1rem 0 0;flex:none}.choice label{font-weight:400;margin:0}
.tick{display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:flex-start}.tick input{width:1.5rem;height:1.5rem;min-height:0;margin:.1rem 0 0}
.tick label{font-weight:600;margin:0;flex:1}.tick .hint,.tick .error{flex-basis:100%}
.reveal{margin:0 0 .5rem 1rem;padding-left:1.25rem;border-left:4px solid var(--line)}
.list>legend{font-size:1.15rem}.items{list-style:none;margin:0;padding:0}
.item>fieldset,.item.new{border:1px solid var(--line);border-radius:4px;padding:.75rem 1rem;margin:0 0 1rem;min-width:0}
.item legend{font-weight:700;padding:0 .25rem}.item.new{border-style:dashed}
.item-actions{display:flex;flex-wrap:wrap;gap:.5rem}button.small,.button.small{min-height:44px;padding:.3rem .75rem;font-size:.95rem}
.fixed-id code,.reorder code{overflow-wrap:anywhere}
.summary-list{display:block;margin:0 0 1.5rem}.summary-list>div{display:grid;grid-template-columns:minmax(10rem,1fr) 2fr auto;gap:.25rem 1rem;padding:.6rem 0;border-bottom:1px solid var(--line)}
.summary-list dd{margin:0}.summary-action{text-align:right}.plain{list-style:none;margin:0;padding:0}
.reorder{list-style:none;margin:0 0 1rem;padding:0;counter-reset:item}
.reorder>li{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:flex-start;padding:.75rem 0;border-bottom:1px solid var(--line);counter-increment:item}
.reorder__item{flex:1 1 18rem;min-width:0}.reorder__item p{margin:.15rem 0}
.reorder__name{font-weight:700}.reorder__name::before{content:counter(item) ". ";content:counter(item) ". " / ""}
.reorder__buttons{display:flex;gap:.5rem;margin:0}
.missing-box{background:var(--panel);border-left:6px solid var(--bad);padding:.5rem 1rem;margin:1rem 0}.missing-box summary{font-weight:700}
.danger-link{color:var(--bad)}.changes li{margin:.35rem 0}
.config{background:var(--panel);padding:1rem;overflow:auto;max-height:40rem;white-space:pre-wrap;overflow-wrap:anywhere}
.preview-choices{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:flex-end}.preview-choices .field{margin-bottom:1rem}
.inline-choices{display:flex;flex-wrap:wrap;gap:0 1rem}.inline-choices legend{flex-basis:100%}
.preview-stage{overflow:auto;border:1px solid var(--line);border-radius:4px;background:var(--panel);padding:.5rem;max-width:100%}
.preview-stage iframe{display:block;border:1px solid var(--line);background:#fff;max-width:none}
.preview-stage.phone iframe{margin:0 auto;width:100%;max-width:390px}
.funnel-line{margin:.5rem 0 1.5rem}
.translation .lang>p{margin:0 0 .25rem}
@media (max-width:40rem){.summary-list>div{grid-template-columns:1fr}.summary-action{text-align:left}}
`;
