import { foldTerm } from './fold-term.js';

// Function words per language (ISO 639-3), the usual short lists of IR practice. Stored folded
// (lower case, Latin accents removed) because they are compared with folded words.
const LISTS: Readonly<Record<string, string>> = {
  eng: `a about above according across actually after afterwards again against all almost alone along already also although always am among
    amongst an and another any anybody anyhow anyone anything anyway anywhere are around as aside at away be became because become becomes becoming
    been before beforehand behind being below beneath beside besides best better between beyond both brief but by came can cannot cant certain
    certainly clearly come comes could did do does doing done down during each either else elsewhere enough especially etc even ever every everybody
    everyone everything everywhere exactly except far few first for former formerly from further furthermore get gets getting given gives go goes
    going gone got had hardly has have having he hence her here hereafter hereby herein hers herself him himself his hither how however i ie if
    in indeed instead into inward is it its itself just keep keeps kept know known knows last lately later latter least less lest let like liked
    likely little look looking looks ltd made mainly make makes many may maybe me mean meanwhile merely might more moreover most mostly much must
    my myself name namely near nearly necessary need needs neither never nevertheless new next no nobody non none nor normally not nothing now
    nowhere of off often oh ok okay old on once one ones only onto or other others otherwise ought our ours ourselves out outside over overall own
    particular particularly per perhaps please plus possible probably quite rather really regarding relatively respectively said same saw say says
    second see seem seemed seeming seems seen self selves sent several shall she should since so some somebody somehow someone something sometime
    sometimes somewhat somewhere soon sorry still such sure take taken than that the their theirs them themselves then thence there thereafter
    thereby therefore therein thereupon these they thing things this thorough thoroughly those though through throughout thru thus to together too
    took toward towards tried tries truly try trying twice under unless unlike unlikely until unto up upon us use used uses using usually various
    very via viz want wants was way we well went were what whatever when whence whenever where whereafter whereas whereby wherein whereupon
    wherever whether which while whither who whoever whole whom whose why will willing with within without would yes yet you your yours yourself
    yourselves it's don't doesn't didn't isn't aren't wasn't weren't can't won't wouldn't shouldn't couldn't let's i'm you're we're they're i've
    you've we've they've i'll you'll we'll they'll he's she's that's there's what's`,
  spa: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en entre era eran es esa
    esas ese eso esos esta estaba estado estan estar este esto estos fue fueron ha habia han hasta hay la las le les lo los mas me mi mis mucho muy
    nada ni no nos nosotros o os otra otro para pero poco por porque que quien se ser si sido sin sobre son su sus tambien te tiene tienen todo
    todos tu tus un una unas uno unos usted y ya yo`,
  fra: `a ai au aux avec avait avez avons c ce ceci cela ces cet cette d dans de des du elle elles en est et etait ete etre eu il ils j je l la le
    les leur leurs lui m ma mais me meme mes moi mon n ne ni nos notre nous on ont ou par pas peu plus pour qu que qui s sa sans se ses si son sont
    sur t ta te tes toi ton tous tout tres tu un une vos votre vous y`,
  deu: `aber alle als also am an auch auf aus bei bin bis bist da damit dann das dass dein deine dem den der des dich die dir doch dort du durch ein
    eine einem einen einer eines er es euch euer fur gegen hat hatte haben hier ich ihm ihn ihr ihre im in ist ja jede jeder jetzt kann kein keine
    man mein meine mich mir mit muss nach nicht noch nun nur ob oder ohne sehr sein seine sich sie sind so uber um und uns unser unter vom von vor
    war waren was weil wenn wer werden wie wir wird wo zu zum zur`,
  ita: `a ad agli ai al all alla alle allo anche che chi ci come con cosa da dal dalla dei del della delle dello di dove e ed era gli ha hanno i il in
    io la le lei lo loro lui ma mi mia mio ne nei nel nell nella noi non o per perche piu poi quale quando questa questo se sei si sia sono su sua sue
    suo sul sull sulla ti tra tu tutti tutto un una uno voi dell l`,
  por: `a ao aos as ate com como da das de dela dele deles do dos e ela elas ele eles em entre era essa esse esta este eu foi for ha isso isto ja
    la lhe mais mas me mesmo meu minha muito na nao nas nem no nos nossa nosso num numa o os ou para pela pelo por quais qual quando que quem se
    sem ser seu sua suas sao so tambem te tem tu um uma umas uns voce voces`,
  nld: `aan al alles als bij dan dat de der deze die dit doch doen door dus een en er ge geen had heb hebben heeft hem het hier hij hoe hun ik in
    is ja je kan kon maar me meer men met mij mijn na naar niet niets nog nu of om omdat ons ook op over reeds te tegen toch toen tot u uit uw van
    veel voor want was wat we wel werd wezen wie wij wil worden zal ze zei zelf zich zij zijn zo zonder zou`,
};

// The folded sets are built on first use: folding every list at startup (Unicode normalisation
// included) cost an idle server memory for capabilities it may never run.
let byLanguage: ReadonlyMap<string, ReadonlySet<string>> | undefined;
let all: ReadonlySet<string> | undefined;

function listsByLanguage(): ReadonlyMap<string, ReadonlySet<string>> {
  return (byLanguage ??= new Map(Object.entries(LISTS).map(([language, words]) => [language, new Set(words.trim().split(/\s+/).map(foldTerm))])));
}

/** Languages with a stopword list (the keyword extractor's supported languages). */
export const STOPWORD_LANGUAGES: readonly string[] = Object.keys(LISTS);

/** Every list together: for text whose language is unknown or mixed. */
export function allStopwords(): ReadonlySet<string> {
  return (all ??= new Set([...listsByLanguage().values()].flatMap((set) => [...set])));
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The stopwords of a language; none for a language without a list (removing another language's
 * function words would delete real words: German "hat", "die", "war" are English nouns and verbs).
 */
export function stopwordsFor(language: string | undefined): ReadonlySet<string> {
  return (language === undefined ? undefined : listsByLanguage().get(language)) ?? NONE;
}
